import { loadRemoteRegistry, preloadRemoteEntry, preloadRemotePage } from './federation/remote-registry';
import { firstPageToLoad, preloadFirstPage } from './routes/first-page';
import { watchPinnedFiles } from './service-worker/pinned-files';
import { sendEarlyRequests } from './startup/early-requests';
import { holdsSessionTokens } from './startup/stored-session';
import { yieldToBrowser } from './startup/yield-to-browser';

// Before any remote file is added to the page: the service worker is told each one's hash.
watchPinnedFiles();
// A signed-in page's session check and data leave now, while the app's own code still loads.
sendEarlyRequests(window.location.pathname);

// Neither needs a shared module, so both start before the async boundary below resolves.
const registry = loadRemoteRegistry();
// The first page's remote entry leaves as soon as its version is chosen (the page carries the registry).
void registry.then(() => {
  const first = firstPageToLoad(window.location.pathname, holdsSessionTokens());
  if (!first) return;
  preloadRemoteEntry(first.route.remote);
  // A signed-in page's own chunks leave with the entry, not after it ran (the session check covers them).
  if (!first.awaited) preloadRemotePage(first.route.remote, first.route.module);
});
// Async boundary: shared singletons must be negotiated before any of them is imported. The
// federation runtime started in this task; the negotiation and the shared chunks' requests get
// one of their own (no long task). It is requested before the first page, so the host's shared
// modules are the ones loading when a remote asks.
const boundaryRequested = yieldToBrowser().then(() => {
  void import('./bootstrap');
});
// In a task after the registry's own (choosing versions, registering remotes): each stays short.
void Promise.all([registry, boundaryRequested])
  .then(() => yieldToBrowser())
  .then(() => preloadFirstPage(window.location.pathname, holdsSessionTokens()));
