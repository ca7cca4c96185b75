import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  sub: string;
  /** session family id */
  fam: string;
  typ: 'access' | 'refresh';
  jti?: string;
  iat: number;
  exp: number;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; claims: TokenClaims; expiredAt: Date };

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
  return {
    /** Signs at `issuedAt` (default now): the same claims and time always give the same token. */
    sign(claims: Omit<TokenClaims, 'iat' | 'exp'>, ttlSeconds: number, issuedAt: Date = now()): string {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return sign({ ...claims, iat, exp: iat + ttlSeconds });
    },
    verify(token: string, typ: TokenClaims['typ']): VerifyResult {
      let claims: TokenClaims;
      try {
        claims = verifier(token) as TokenClaims;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
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
