import { explainApiError, usersApi, type Role, type User } from '@kloof/api-client';
import { useFreshProof } from '@kloof/auth';
import { Button, Card, Form, toast, useForm } from '@kloof/ui';
import { accessRights, accessSavedText, hasRole, ROLES, withRole } from '../roles';

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
 * Roles and verified of one user. Only the changes the API accepts from this admin are enabled
 * (nobody changes their own account, only a SuperAdmin touches SuperAdmin); the API still has the
 * last word and its refusal is shown in the form.
 */
export function AccessForm({ user, actor, onSaved }: Props) {
  const rights = accessRights(actor, user);
  const canSave = rights.roles.length > 0 || rights.verified;
  // A role change or un-verifying needs the admin's fresh proof: the API asks, the re-check dialog opens, the save goes on.
  const { withFreshProof, proofDialog } = useFreshProof();
  const form = useForm({
    initial: { roles: ROLES.filter((r) => hasRole(user.roles, r)), verified: user.verified },
    explain: explainApiError,
    submit: async (values) => {
      const updated = await withFreshProof(() => usersApi.update(user.id, values));
      toast.success(accessSavedText(user, updated));
      onSaved(updated);
    },
  });

  return (
    <Card>
      <Form
        form={form}
        aria-labelledby="access-title"
        actions={
          canSave ? (
            <div css={{ marginTop: '1.25rem' }}>
              <Button type="submit" loading={form.busy}>
                Save access
              </Button>
            </div>
          ) : null
        }
      >
        <h2 id="access-title" css={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>
          Access
        </h2>
        <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted, fontSize: '0.9375rem' })}>
          {rights.note ??
            'Changing roles signs the user out on every device. You confirm it is you first, as for removing verification.'}
        </p>
        <fieldset css={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <legend css={{ fontWeight: 700, marginBottom: '0.5rem' }}>Roles</legend>
          {ROLES.map((role) => (
            <Check
              key={role}
              label={role}
              help={roleHelp[role]}
              checked={form.values.roles.includes(role)}
              disabled={!rights.roles.includes(role)}
              onChange={(on) => form.setValue('roles', withRole(form.values.roles, role, on))}
            />
          ))}
        </fieldset>
        <fieldset css={{ border: 0, margin: '1rem 0 0', padding: 0, minWidth: 0 }}>
          <legend css={{ fontWeight: 700, marginBottom: '0.5rem' }}>Account</legend>
          <Check
            label="Verified"
            help="Unverified users cannot open the client area. Removing it asks you to confirm it is you."
            checked={form.values.verified}
            disabled={!rights.verified}
            onChange={(on) => form.setValue('verified', on)}
          />
        </fieldset>
      </Form>
      {proofDialog}
    </Card>
  );
}

function Check({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled: boolean;
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
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
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
