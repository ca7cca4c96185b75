import { useAuth } from '@kloof/auth';
import { autoGrid, Badge, PageHeader, Spinner } from '@kloof/ui';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { useEmailChangeLink } from './use-email-change-link';

/** /user/profile: the user's details, e-mail address and password. */
export function ProfileScreen() {
  const { user } = useAuth();
  useEmailChangeLink();
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
        <EmailForm email={user.email} />
        <PasswordForm email={user.email} />
      </div>
    </section>
  );
}
