/**
 * The hashes this page load pinned its scripts and styles to, by URL: the remotes' entries and
 * chunks are added to the document with an `integrity` attribute (the federation plugin and each
 * remote's SubresourceIntegrityPlugin), then removed once loaded. Recorded as they are added, so
 * the files the first visit loaded before the service worker controlled the page are handed to it
 * with their hashes, and it stores none that fails them.
 */
const pinned = new Map<string, string>();

function record(node: Node): void {
  if (!(node instanceof HTMLScriptElement || node instanceof HTMLLinkElement) || !node.integrity) return;
  const url = node instanceof HTMLScriptElement ? node.src : node.href;
  if (url) pinned.set(url, node.integrity);
}

/** Starts recording (before any remote loads); returns how to stop, for tests. */
export function watchPinnedFiles(root: Node = document.documentElement): () => void {
  root.ownerDocument?.querySelectorAll('script[integrity], link[integrity]').forEach(record);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) mutation.addedNodes.forEach(record);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** URL -> integrity of every pinned file added so far. */
export function pinnedFileHashes(): Record<string, string> {
  return Object.fromEntries(pinned);
}
