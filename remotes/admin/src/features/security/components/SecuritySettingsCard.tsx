import { useState } from 'react';
import { errorMessage, securitySettingsApi } from '@kloof/api-client';
import { isProofCancelled, useFreshProof } from '@kloof/auth';
import { Button, Card, FormError, ResourceState, toast, useResource } from '@kloof/ui';

/**
 * /super: whether Admin and SuperAdmin accounts must have a second factor. Saving needs the
 * SuperAdmin's fresh proof, and a second factor of their own before it can be turned on.
 */
export function SecuritySettingsCard() {
  const settings = useResource(() => securitySettingsApi.get(), []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { withFreshProof, proofDialog } = useFreshProof();

  const save = async (required: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await withFreshProof(() => securitySettingsApi.update({ requireSecondFactorForAdmins: required }));
      toast.success(
        required
          ? 'A second factor is now required for Admin and SuperAdmin accounts.'
          : 'A second factor is no longer required for Admin and SuperAdmin accounts.',
      );
      settings.reload();
    } catch (failure) {
      if (!isProofCancelled(failure)) setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby="account-security-title" role="region">
      <h2 id="account-security-title" css={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>
        Account security
      </h2>
      <ResourceState resource={settings} what="the security settings" errorText={errorMessage}>
        {({ requireSecondFactorForAdmins: required }) => (
          <>
            <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted })}>
              {required
                ? 'Required: Admin and SuperAdmin accounts without a second factor are sent to set one up before any admin page opens.'
                : 'Not required: Admin and SuperAdmin accounts may sign in with a password alone.'}
            </p>
            <FormError>{error}</FormError>
            <Button variant={required ? 'secondary' : 'primary'} loading={saving} onClick={() => void save(!required)}>
              {required ? 'Stop requiring a second factor' : 'Require a second factor for admins'}
            </Button>
          </>
        )}
      </ResourceState>
      {proofDialog}
    </Card>
  );
}
