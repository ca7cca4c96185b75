import { useState, type FormEvent } from 'react';
import { currentUserApi, errorMessage } from '@kloof/api-client';
import { Button, Card, TextField, toast } from '@kloof/ui';

/** The API's minimum password length. */
const MIN_PASSWORD = 8;

/** Change password: current, new and confirmation; the API signs out the other sessions. */
export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) return setError(`The new password needs at least ${MIN_PASSWORD} characters.`);
    if (password !== passwordConfirm) return setError('The new passwords do not match.');
    setBusy(true);
    setError(null);
    try {
      const { message } = await currentUserApi.changePassword({ currentPassword, password, passwordConfirm });
      toast.success(message);
      setCurrentPassword('');
      setPassword('');
      setPasswordConfirm('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} aria-labelledby="change-password">
        <h2 id="change-password" css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>
          Change password
        </h2>
        <TextField
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`At least ${MIN_PASSWORD} characters. Other devices are signed out when it changes.`}
        />
        <TextField
          label="Confirm new password"
          type="password"
          required
          autoComplete="new-password"
          value={passwordConfirm}
          onChange={(e) => setPasswordConfirm(e.target.value)}
        />
        {error ? (
          <p role="alert" css={(theme) => ({ margin: '0 0 1rem', fontWeight: 600, color: theme.colors.danger })}>
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
