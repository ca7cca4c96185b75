import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@kloof/api-contract/constants';
import { jsonb, textArray } from '../../db/json';

/** Roles of a super admin account: every role there is. */
export const SUPERADMIN_ROLES: Role[] = [...ROLES];

/** A new verified SuperAdmin row: the bootstrap call and ADMIN_EMAIL at start both insert one. */
export function superAdminRow({
  email,
  username,
  passwordHash,
  now,
}: {
  email: string;
  username: string;
  passwordHash: string;
  now: Date;
}) {
  return {
    id: randomUUID(),
    email,
    username,
    full_name: '',
    company: '',
    phone: '',
    signup_message: '',
    password_hash: passwordHash,
    roles: textArray(SUPERADMIN_ROLES),
    verified: true,
    settings: jsonb({ theme: 'system', newsletter: false }),
    created_at: now,
    updated_at: now,
  };
}
