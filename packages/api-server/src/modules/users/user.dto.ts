import type { UserRow } from '../../db/schema';
import type { User } from '@kloof/api-contract';

export function toUserDto(row: UserRow, withSettings = false): User {
  const dto: User = {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: row.full_name,
    company: row.company,
    phone: row.phone,
    roles: row.roles,
    verified: row.verified,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (withSettings)
    dto.settings = { theme: row.settings?.theme ?? 'system', newsletter: row.settings?.newsletter ?? false };
  return dto;
}
