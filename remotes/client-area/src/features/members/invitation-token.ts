const KEY = 'kloof:invitation';

/**
 * The token of the invitation being accepted: from the mail link's fragment (then kept for this tab
 * and taken out of the address bar), or the one kept while the visitor signed in or signed up.
 */
export function invitationToken(): string | null {
  const fromLink = window.location.hash.slice(1);
  if (/^[A-Za-z0-9_-]+$/.test(fromLink)) {
    sessionStorage.setItem(KEY, fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromLink;
  }
  return sessionStorage.getItem(KEY);
}

/** Once accepted (or refused for good), the tab forgets it. */
export const forgetInvitationToken = () => sessionStorage.removeItem(KEY);
