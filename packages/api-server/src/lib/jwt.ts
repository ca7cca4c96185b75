import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  sub: string;
  /** session family id */
  fam: string;
  /**
   * challenge: a password checked, the second factor still to come (never a session). sign-in-link:
   * mailed while sign-in was held, makes the browser that uses it a known device (never a session).
   * not-me: mailed with a security notice, signs the account out everywhere (never a session).
   */
  typ: 'access' | 'refresh' | 'challenge' | 'sign-in-link' | 'not-me';
  jti?: string;
  iat: number;
  exp: number;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; claims: TokenClaims; expiredAt: Date };

/** Signature checks remembered per instance (HMAC per request was 10% of a cached GET's CPU). */
const VERIFIED_TOKENS = 10_000;

/**
 * HS256 JWTs. Expiry is checked here against the injected clock (not the library's), so
 * tests can move time and the 401 body can report expiredAt.
 */
export function createJwt(secret: string, now: () => Date) {
  const sign = createSigner({ key: secret, algorithm: 'HS256' }); // keeps the iat we pass
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
    cache: false,
  });
  // A token is checked once per instance: the same string always has the same signature verdict and
  // claims (expiry is still checked on every use, below). Bounded; it starts over when full.
  const verified = new Map<string, TokenClaims | null>();
  const verifyOnce = (token: string): TokenClaims | null => {
    let claims = verified.get(token);
    if (claims === undefined) {
      try {
        claims = verifier(token) as TokenClaims;
      } catch {
        claims = null;
      }
      if (verified.size >= VERIFIED_TOKENS) verified.clear();
      verified.set(token, claims);
    }
    return claims;
  };
  return {
    /** Signs at `issuedAt` (default now): the same claims and time always give the same token. */
    sign(claims: Omit<TokenClaims, 'iat' | 'exp'>, ttlSeconds: number, issuedAt: Date = now()): string {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return sign({ ...claims, iat, exp: iat + ttlSeconds });
    },
    verify(token: string, typ: TokenClaims['typ']): VerifyResult {
      const claims = verifyOnce(token);
      if (!claims) return { ok: false, reason: 'invalid' };
      if (claims.typ !== typ || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.exp * 1000 <= now().getTime()) {
        return { ok: false, reason: 'expired', claims, expiredAt: new Date(claims.exp * 1000) };
      }
      return { ok: true, claims };
    },
  };
}

export type Jwt = ReturnType<typeof createJwt>;
