import { useState } from 'react';
import { explainApiError, usersApi, type User } from '@kloof/api-client';
import { Button, Card, Form, plainList, TextField, useForm } from '@kloof/ui';
import { hasRole, ROLES } from '../roles';
import type { RoleChange } from './RoleChangeDialog';
import { BreakableEmail } from './BreakableEmail';

/** Find an account by email or name and grant it a role. */
export function GrantRole({ actorId, onChange }: { actorId: string; onChange: (change: RoleChange) => void }) {
  const [found, setFound] = useState<{ query: string; users: User[] } | null>(null);
  const form = useForm({
    initial: { query: '' },
    validate: ({ query }) => ({ query: query.trim() ? null : 'Enter an e-mail address or a name.' }),
    explain: explainApiError,
    submit: async ({ query }) => {
      setFound({ query: query.trim(), users: (await usersApi.list({ search: query.trim(), limit: 10 })).items });
    },
  });

  return (
    <Card>
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>Grant a role</h2>
      <Form form={form} role="search" aria-label="Find an account" errorTitle="The search failed">
        <div css={{ display: 'flex', gap: '0 0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <div css={{ flex: '1 1 12rem', minWidth: 0 }}>
            <TextField label="Find an account" type="search" placeholder="Name or e-mail" {...form.field('query')} />
          </div>
          <div css={{ marginBottom: '1rem' }}>
            <Button type="submit" loading={form.busy}>
              Find
            </Button>
          </div>
        </div>
      </Form>
      {found && found.users.length === 0 ? <p css={{ margin: 0 }}>No account matches “{found.query}”.</p> : null}
      {found && found.users.length > 0 ? (
        <ul aria-label="Accounts found" css={{ ...plainList, display: 'grid', gap: '0.5rem' }}>
          {found.users.map((user) => (
            <li
              key={user.id}
              css={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: '0.5rem',
              }}
            >
              <span css={{ overflowWrap: 'break-word', minWidth: 0 }}>
                <strong>{user.username}</strong> · <BreakableEmail email={user.email} />
              </span>
              <span css={{ display: 'flex', gap: '0.375rem' }}>
                {ROLES.filter((role) => !hasRole(user.roles, role)).map((role) => (
                  <Button
                    key={role}
                    size="sm"
                    variant="secondary"
                    disabled={user.id === actorId}
                    onClick={() => onChange({ user, role, grant: true })}
                    aria-label={`Grant ${role} to ${user.username}`}
                  >
                    Grant {role}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
