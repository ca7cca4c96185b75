/** @jsxImportSource @emotion/react */
import { ButtonLink, StatusPage } from '@kloof/ui';

/**
 * Shown to a signed-in user who is not a system user: 'Access Denied !', 'Only System Users are
 * allowed' and a Home link (the spec's words), laid out as the other access-denied page.
 */
export function AccessDenied() {
  return (
    <StatusPage
      code="403"
      title="Access Denied !"
      actions={
        <>
          <ButtonLink to="/">Home</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Go to your dashboard
          </ButtonLink>
        </>
      }
    >
      <p>Only System Users are allowed</p>
    </StatusPage>
  );
}
