import { useState, type FormEvent } from 'react';
import { currentUserApi, errorMessage, type User } from '@kloof/api-client';
import { authStore } from '@kloof/auth';
import { Button, Card, TextField, toast } from '@kloof/ui';

/** Edit username and details; the saved user goes to the auth store so the shell updates at once. */
export function ProfileForm({ user }: { user: User }) {
  const [username, setUsername] = useState(user.username);
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [company, setCompany] = useState(user.company ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!username.trim()) {
      setError('Username must not be empty.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await currentUserApi.update(
        { username: username.trim(), fullName: fullName.trim(), company: company.trim(), phone: phone.trim() },
        { settings: true },
      );
      authStore.setUser(updated);
      toast.success('Your profile has been saved.');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} aria-labelledby="profile-details">
        <h2 id="profile-details" css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>
          Your details
        </h2>
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          hint="Your sign-in address; it cannot be changed here."
        />
        <TextField
          label="Username"
          required
          maxLength={64}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Full name"
          maxLength={200}
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
        <TextField
          label="Company"
          maxLength={200}
          autoComplete="organization"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
        />
        <TextField
          label="Phone"
          type="tel"
          maxLength={50}
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        {error ? (
          <p role="alert" css={(theme) => ({ margin: '0 0 1rem', fontWeight: 600, color: theme.colors.danger })}>
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          Save profile
        </Button>
      </form>
    </Card>
  );
}
