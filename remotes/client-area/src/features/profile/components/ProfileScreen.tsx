import { useAuth } from '@kloof/auth';
import { Badge, PageHeader, Spinner } from '@kloof/ui';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** /user/profile: the user's details and password. */
export function ProfileScreen() {
  const { user } = useAuth();
  if (!user) return <Spinner label="Loading your profile" />;
  return (
    <section>
      <PageHeader
        title="Profile"
        description={
          <>
            Signed in as {user.email}{' '}
            {user.roles.map((role) => (
              <Badge key={role} tone="primary">
                {role}
              </Badge>
            ))}
          </>
        }
      />
      <div
        css={{
          display: 'grid',
          gap: '1.5rem',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
          alignItems: 'start',
        }}
      >
        <ProfileForm user={user} />
        <PasswordForm />
      </div>
    </section>
  );
}
