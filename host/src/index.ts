import { loadRemoteRegistry } from './federation/remote-registry';
import { preloadFirstPage } from './routes/first-page';
import { watchPinnedFiles } from './service-worker/pinned-files';

// Before any remote file is added to the page: the service worker is told each one's hash.
watchPinnedFiles();

// Neither needs a shared module, so both start before the async boundary below resolves.
const registry = loadRemoteRegistry();
// Async boundary: shared singletons must be negotiated before any of them is imported. It is
// requested first, so the host's shared modules are the ones loading when a remote asks.
void import('./bootstrap');
void registry.then(() => preloadFirstPage(window.location.pathname));
