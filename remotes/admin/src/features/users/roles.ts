import { ROLES, type Role } from '@kloof/api-client';

/** The roles the API knows (from its contract): Admin and SuperAdmin gate the management pages. */
export { ROLES };

export const hasRole = (roles: readonly string[], role: Role): boolean => roles.includes(role);

/** Roles with one added or removed, in the order of ROLES. */
export function withRole(roles: readonly string[], role: Role, on: boolean): Role[] {
  return ROLES.filter((r) => (r === role ? on : roles.includes(r)));
}

/** What the signed-in admin may change on one account: the API's rules, so no control it would refuse is offered. */
export interface AccessRights {
  /** Roles whose checkbox is enabled. */
  roles: readonly Role[];
  verified: boolean;
  /** Why something cannot be changed, shown above the controls; null when everything can. */
  note: string | null;
}

export function accessRights(
  actor: { id: string; roles: readonly string[] },
  target: { id: string; roles: readonly string[] },
): AccessRights {
  if (actor.id === target.id) {
    return { roles: [], verified: false, note: 'This is your own account: another administrator has to change it.' };
  }
  if (hasRole(actor.roles, 'SuperAdmin')) return { roles: ROLES, verified: true, note: null };
  if (hasRole(target.roles, 'SuperAdmin')) {
    return { roles: [], verified: false, note: 'This is a SuperAdmin account: only a SuperAdmin can change it.' };
  }
  return { roles: ['Admin'], verified: true, note: 'Only a SuperAdmin can grant the SuperAdmin role.' };
}

/** Whether the signed-in admin may see and end this account's sessions: an Admin's or a SuperAdmin's only by a SuperAdmin (or its owner). */
export function canSeeSessions(
  actor: { id: string; roles: readonly string[] },
  target: { id: string; roles: readonly string[] },
): boolean {
  const staff = hasRole(target.roles, 'Admin') || hasRole(target.roles, 'SuperAdmin');
  return actor.id === target.id || !staff || hasRole(actor.roles, 'SuperAdmin');
}

/**
 * What a saved access change did, in the words of what changed: a role change signs the user out
 * on every device (the API ends their sessions); the verified flag alone signs nobody out.
 */
export function accessSavedText(
  before: { roles: readonly string[]; verified: boolean },
  after: { username: string; roles: readonly string[]; verified: boolean },
): string {
  const rolesChanged = ROLES.some((role) => hasRole(before.roles, role) !== hasRole(after.roles, role));
  const parts: string[] = [];
  if (rolesChanged) parts.push(`The role change signs ${after.username} out on every device.`);
  if (before.verified !== after.verified) {
    parts.push(
      after.verified
        ? `${after.username} is verified and can open the client area.`
        : `${after.username} is no longer verified and cannot open the client area.`,
    );
  }
  return parts.length > 0 ? `Saved. ${parts.join(' ')}` : `Nothing changed in ${after.username}'s access.`;
}
