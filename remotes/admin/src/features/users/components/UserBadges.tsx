import type { User } from '@kloof/api-client';
import { Badge } from '@kloof/ui';

/** Roles and verified state of a user at a glance. */
export function RoleBadges({ roles }: { roles: readonly string[] }) {
  if (roles.length === 0) return <Badge>Client</Badge>;
  return (
    <span css={{ display: 'inline-flex', flexWrap: 'wrap', gap: '0.25rem' }}>
      {roles.map((role) => (
        <Badge key={role} tone={role === 'SuperAdmin' ? 'warning' : 'primary'}>
          {role}
        </Badge>
      ))}
    </span>
  );
}

export function VerifiedBadge({ user }: { user: Pick<User, 'verified'> }) {
  return user.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="danger">Unverified</Badge>;
}
