import { authDecision, type AuthSession } from '@kloof/auth';
import type { GuardSpec } from './route-types';

/** A visitor the marketing site has not checked (UNKNOWN) but who holds no token: signed out. */
function holdsNoToken(session: AuthSession): boolean {
  return session.state === 'UNKNOWN' && !session.accessToken && !session.refreshToken;
}

/**
 * Whether a route's guard lets this session in now: the one rule behind link preloading and the
 * sidebar's management items. `systemUser` is the shared system-user answer (useSystemUser).
 */
export function mayOpen(guard: GuardSpec, session: AuthSession, systemUser: boolean | null = false): boolean {
  switch (guard.kind) {
    case 'public':
      return true;
    case 'guest':
      return session.state === 'SIGNED_OUT' || holdsNoToken(session);
    case 'authenticated':
      return authDecision(session, guard) === 'allow';
    case 'system': {
      const byRole =
        guard.roles !== undefined && authDecision(session, { verified: true, roles: guard.roles }) === 'allow';
      return session.state === 'SIGNED_IN' && (systemUser === true || byRole);
    }
  }
}

/**
 * Whether a route's page may be downloaded ahead of a click: only when its guard would let
 * this session in now. A remote the user may not see is never fetched.
 */
export function mayPreload(guard: GuardSpec, session: AuthSession): boolean {
  return mayOpen(guard, session);
}
