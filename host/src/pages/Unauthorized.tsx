import { useAuth } from '@kloof/auth';
import { brand, ButtonLink, StatusPage } from '@kloof/ui';
import { usePageMeta } from '../routes/page-meta';

export const unauthorizedMeta = {
  title: `Access denied | ${brand.name}`,
  description: 'You do not have access to this page.',
};

/**
 * Where a guard sends a signed-in user who holds none of a page's roles. A visitor who opens it
 * has no dashboard to go to: sign-in is offered instead.
 */
export function Unauthorized() {
  usePageMeta(unauthorizedMeta);
  const signedIn = useAuth().state === 'SIGNED_IN';
  return (
    <StatusPage
      code="403"
      title="Access denied"
      actions={
        <>
          {signedIn ? (
            <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
          ) : (
            <ButtonLink to="/auth/login">Sign in</ButtonLink>
          )}
          <ButtonLink to="/" variant="secondary">
            Back to the home page
          </ButtonLink>
        </>
      }
    >
      <p>Your account does not have access to this page.</p>
      <p>If you think it should, ask your account administrator to check your role.</p>
    </StatusPage>
  );
}
