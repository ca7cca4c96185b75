import { authDecision, type AuthSession } from '@kloof/auth';
import type { GuardSpec } from './route-types';

/**
 * Whether a route's page may be downloaded ahead of a click: only when its guard would let
 * this session in now. A remote the user may not see is never fetched.
 */
export function mayPreload(guard: GuardSpec, session: AuthSession): boolean {
  switch (guard.kind) {
    case 'public':
      return true;
    case 'guest':
      return session.state === 'SIGNED_OUT';
    case 'authenticated':
      return authDecision(session, guard) === 'allow';
    case 'system':
      return false;
  }
}
