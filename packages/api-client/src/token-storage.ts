import { jwtDecode } from 'jwt-decode';
import type { Tokens } from '@kloof/api-contract';
import { forgetRotation } from './rotation-ledger';
import { savedReads } from './offline-data/saved-reads';

/** Both tokens persist in localStorage under these exact names. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** A token shorter than this counts as expired. */
export const MIN_TOKEN_LENGTH = 16;

export type { Tokens };

/** localStorage is shared by every tab of the origin, so a refresh in one tab serves them all. */
export const tokenStorage = {
  accessToken(): string | null {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  },
  refreshToken(): string | null {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  },
  save(tokens: Tokens): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  },
  clear(): void {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    // The ended session's last rotation must not hand its tokens back.
    void forgetRotation();
    // What the screens showed is the ended session's too.
    void savedReads.clear();
  },
};

/**
 * A token counts as expired if missing, shorter than 16 characters, or past its
 * `exp` (seconds). A token that cannot be decoded, or has no exp, is treated as expired too.
 */
export function isTokenExpired(token: string | null | undefined, now: number = Date.now()): boolean {
  if (!token || token.length < MIN_TOKEN_LENGTH) return true;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp !== 'number' || exp * 1000 <= now;
  } catch {
    return true;
  }
}
