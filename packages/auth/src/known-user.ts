import type { User } from './types';

/** Where the last confirmed user of this browser's session is kept, beside the tokens. */
export const KNOWN_USER_KEY = 'kloof-session-user';

/**
 * The user the API last confirmed for the tokens this browser holds. A reload without a network
 * cannot ask the API who is signed in; this answer lets the shell stay signed in (a network
 * failure is not a sign-out) until the API can be asked again. Cleared on logout.
 */
export const knownUser = {
  get(): User | null {
    try {
      const text = localStorage.getItem(KNOWN_USER_KEY);
      const value: unknown = text ? JSON.parse(text) : null;
      return isUser(value) ? value : null;
    } catch {
      return null;
    }
  },
  save(user: User): void {
    localStorage.setItem(KNOWN_USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    localStorage.removeItem(KNOWN_USER_KEY);
  },
};

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const { email, roles, verified } = value as Partial<User>;
  return typeof email === 'string' && Array.isArray(roles) && typeof verified === 'boolean';
}
