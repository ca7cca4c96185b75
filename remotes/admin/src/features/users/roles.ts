import type { Role } from '@kloof/api-client';

/** The roles the API knows (spec point 6). */
export const ROLES: readonly Role[] = ['Admin', 'SuperAdmin'];

export const hasRole = (roles: readonly string[], role: Role): boolean => roles.includes(role);

/** Roles with one added or removed, in the order of ROLES. */
export function withRole(roles: readonly string[], role: Role, on: boolean): Role[] {
  return ROLES.filter((r) => (r === role ? on : roles.includes(r)));
}
