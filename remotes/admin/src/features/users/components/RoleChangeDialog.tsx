import { useState } from 'react';
import { errorMessage, usersApi, type Role, type User } from '@kloof/api-client';
import { isProofCancelled, useFreshProof } from '@kloof/auth';
import { ConfirmDialog, toast } from '@kloof/ui';
import { withRole } from '../roles';

export interface RoleChange {
  user: User;
  role: Role;
  grant: boolean;
}

/** Confirms one grant or removal; the API's refusal text stays in the dialog. */
export function RoleChangeDialog({
  change,
  onDone,
  onCancel,
}: {
  change: RoleChange;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const { withFreshProof, proofDialog } = useFreshProof();
  const { user, role, grant } = change;
  const confirm = async (): Promise<void> => {
    setError(null);
    try {
      // The API asks for a fresh proof of the admin: the re-check dialog opens over this one.
      await withFreshProof(() => usersApi.update(user.id, { roles: withRole(user.roles, role, grant) }));
      toast.success(grant ? `${user.username} is now ${role}.` : `${user.username} is no longer ${role}.`);
      onDone();
    } catch (failure) {
      if (!isProofCancelled(failure)) setError(errorMessage(failure));
    }
  };
  return (
    <>
      <ConfirmDialog
        title={grant ? `Grant ${role}?` : `Remove ${role}?`}
        confirmLabel={grant ? `Grant ${role}` : `Remove ${role}`}
        onConfirm={confirm}
        onCancel={onCancel}
        error={error}
      >
        <p css={{ margin: 0 }}>
          {grant
            ? `${user.username} (${user.email}) gets the ${role} role.`
            : `${user.username} (${user.email}) loses the ${role} role.`}{' '}
          They are signed out on every device and sign in again with the new access.
        </p>
      </ConfirmDialog>
      {proofDialog}
    </>
  );
}
