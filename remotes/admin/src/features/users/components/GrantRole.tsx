import { useState, type FormEvent } from 'react';
import { errorMessage, usersApi, type User } from '@kloof/api-client';
import { Button, Card, ErrorNotice, TextField } from '@kloof/ui';
import { hasRole, ROLES } from '../roles';
import type { RoleChange } from './RoleChangeDialog';

/** Find an account by email or name and grant it a role. */
export function GrantRole({ actorId, onChange }: { actorId: string; onChange: (change: RoleChange) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<User[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!query.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setFound((await usersApi.list({ search: query.trim(), pageSize: 10 })).items);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <h2 css={{ margin: '0 0 0.75rem', fontSize: '1.125rem' }}>Grant a role</h2>
      <form
        role="search"
        onSubmit={(event) => void search(event)}
        css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}
      >
        <div css={{ flex: '1 1 14rem' }}>
          <TextField
            label="Find an account"
            type="search"
            placeholder="Email or name"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div css={{ marginBottom: '1rem' }}>
          <Button type="submit" loading={busy}>
            Find
          </Button>
        </div>
      </form>
      {error ? <ErrorNotice title="The search failed">{error}</ErrorNotice> : null}
      {found && found.length === 0 ? <p css={{ margin: 0 }}>No account matches “{query}”.</p> : null}
      {found && found.length > 0 ? (
        <ul
          aria-label="Accounts found"
          css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}
        >
          {found.map((user) => (
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
              <span css={{ overflowWrap: 'anywhere' }}>
                <strong>{user.username}</strong> · {user.email}
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
