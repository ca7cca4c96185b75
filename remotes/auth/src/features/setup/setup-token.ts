/**
 * The one-time token of the start-up link (/setup#<token>), taken out of the address bar as it is
 * read: it stays out of the history, bookmarks and anything that copies the address later.
 */
export function takeSetupToken(): string | null {
  const token = decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return token || null;
}
