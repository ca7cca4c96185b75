/** Both tokens persist in localStorage under these exact names (spec point 3). */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

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
  },
};
