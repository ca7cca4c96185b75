/** The browser's own random id (see the API contract's `device`), kept beside the tokens. */
export const DEVICE_ID_KEY = 'kloofDevice';

const VALID = /^[A-Za-z0-9_-]{16,128}$/;

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * This browser's device id, made once and kept in localStorage. Signing out keeps it: it is what
 * lets this browser in while someone else is guessing the password. Without storage (private
 * modes that refuse it) there is simply no id.
 */
export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(DEVICE_ID_KEY);
    if (kept && VALID.test(kept)) return kept;
    const id = newId();
    localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}
