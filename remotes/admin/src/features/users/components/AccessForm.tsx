import { useState, type FormEvent } from 'react';
import { errorMessage, usersApi, type Role, type User } from '@kloof/api-client';
import { Button, Card, toast } from '@kloof/ui';
import { hasRole, ROLES, withRole } from '../roles';

interface Props {
  user: User;
  /** The signed-in admin. */
  actor: User;
  onSaved: (user: User) => void;
}

const roleHelp: Record<Role, string> = {
  Admin: 'Opens /manage and /admin: users and contact-form messages.',
  SuperAdmin: 'Opens /manage and /super: grants and removes roles. Only a SuperAdmin can grant it.',
};

/**
 * Roles and verified of one user. The API has the last word (nobody changes their own account,
 * only a SuperAdmin touches SuperAdmin); its refusal text is shown as it is.
 */
export function AccessForm({ user, actor, onSaved }: Props) {
  const [roles, setRoles] = useState<Role[]>(ROLES.filter((r) => hasRole(user.roles, r)));
  const [verified, setVerified] = useState(user.verified);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const self = user.id === actor.id;

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const updated = await usersApi.update(user.id, { roles, verified });
      toast.success(`Saved ${updated.username}'s access. A role change signs them out everywhere.`);
      onSaved(updated);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} aria-labelledby="access-title">
        <h2 id="access-title" css={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>
          Access
        </h2>
        <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted, fontSize: '0.9375rem' })}>
          {self
            ? 'This is your own account: another administrator has to change it.'
            : 'Changing roles signs the user out on every device.'}
        </p>
        <fieldset css={{ border: 0, margin: 0, padding: 0 }}>
          <legend css={{ fontWeight: 700, marginBottom: '0.5rem' }}>Roles</legend>
          {ROLES.map((role) => (
            <Check
              key={role}
              label={role}
              help={roleHelp[role]}
              checked={roles.includes(role)}
              onChange={(on) => setRoles((current) => withRole(current, role, on))}
            />
          ))}
        </fieldset>
        <fieldset css={{ border: 0, margin: '1rem 0 0', padding: 0 }}>
          <legend css={{ fontWeight: 700, marginBottom: '0.5rem' }}>Account</legend>
          <Check
            label="Verified"
            help="Unverified users cannot open the client area."
            checked={verified}
            onChange={setVerified}
          />
        </fieldset>
        {error ? (
          <p role="alert" css={(theme) => ({ margin: '1rem 0 0', fontWeight: 600, color: theme.colors.danger })}>
            {error}
          </p>
        ) : null}
        <div css={{ marginTop: '1.25rem' }}>
          <Button type="submit" loading={busy}>
            Save access
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Check({
  label,
  help,
  checked,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label
      css={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        gap: '0 0.625rem',
        alignItems: 'start',
        padding: '0.375rem 0',
        cursor: 'pointer',
      }}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        css={{ width: '1.125rem', height: '1.125rem', marginTop: '0.25rem' }}
      />
      <span>
        <span css={{ fontWeight: 600 }}>{label}</span>
        <span css={(theme) => ({ display: 'block', fontSize: '0.875rem', color: theme.colors.textMuted })}>{help}</span>
      </span>
    </label>
  );
}
