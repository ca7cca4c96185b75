import { useAuth } from '@kloof/auth';
import { autoGrid, Badge, PageHeader, Spinner } from '@kloof/ui';
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
          ...autoGrid('24rem', '1.5rem'),
          alignItems: 'start',
        }}
      >
        <ProfileForm user={user} />
        <PasswordForm email={user.email} />
      </div>
    </section>
  );
}
