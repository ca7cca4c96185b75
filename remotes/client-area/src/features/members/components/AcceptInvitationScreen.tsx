import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorCode, errorMessage, workspaceMembersApi } from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import { Button, ButtonLink, Card, FormError, PageHeader, ResourceState, Spinner, toast, useResource } from '@kloof/ui';
import { forgetInvitationToken, invitationToken } from '../invitation-token';
import { roleName } from '../roles';

/** Where signing in returns: this page, which still holds the token for this tab. */
const back = { from: { pathname: '/invitations' } };

/**
 * /invitations#<token>, from the invitation mail. A visitor signs in (or signs up and verifies,
 * then opens the link again) with the invited address; a signed-in user sees the workspace and
 * role offered and accepts, then lands on the workspace's projects.
 */
export function AcceptInvitationScreen() {
  const [token] = useState(invitationToken);
  const { state, user, accessToken, refreshToken } = useAuth();
  if (!token) {
    return (
      <Frame>
        <p>
          This page opens from the link in an invitation e-mail. Open that link again, or ask the owner to invite you.
        </p>
      </Frame>
    );
  }
  if (state !== 'SIGNED_IN' || !user) {
    if (state === 'UNKNOWN' && (accessToken || refreshToken)) return <Spinner label="Checking your session" />;
    return (
      <Frame>
        <p>
          You were invited to a workspace. Sign in with the e-mail address the invitation was sent to, or create an
          account with it: after verifying the address, open the link in the invitation e-mail again.
        </p>
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
          <ButtonLink to="/auth/login" state={back}>
            Sign in to accept
          </ButtonLink>
          <ButtonLink variant="secondary" to="/auth/register" state={back}>
            Create an account
          </ButtonLink>
        </div>
      </Frame>
    );
  }
  return <Offer token={token} />;
}

function Offer({ token }: { token: string }) {
  const navigate = useNavigate();
  const preview = useResource(() => workspaceMembersApi.preview(token), [token]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const workspace = await workspaceMembersApi.accept(token);
      forgetInvitationToken();
      toast.success(`You joined “${workspace.name}”.`);
      navigate(`/projects?workspace=${workspace.id}`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame>
      <ResourceState
        resource={preview}
        what="the invitation"
        errorText={errorMessage}
        // An invitation used, expired or for another address stays so: no "Try again" for those.
        final={(failure) =>
          errorCode(failure) !== 'invitation_invalid' && errorCode(failure) !== 'invitation_other_address' ? null : (
            <>
              <FormError>{errorMessage(failure)}</FormError>
              <p>
                <ButtonLink variant="secondary" to="/user/logout">
                  Sign out to use another account
                </ButtonLink>
              </p>
            </>
          )
        }
      >
        {(offer) => (
          <>
            <p css={{ marginTop: 0 }}>
              {offer.invitedBy || 'An owner'} invited {offer.email} to the workspace{' '}
              <strong>{offer.workspaceName}</strong> as {roleName[offer.role].toLowerCase()}.
            </p>
            <FormError>{error}</FormError>
            <Button onClick={() => void accept()} loading={busy}>
              Accept invitation
            </Button>
          </>
        )}
      </ResourceState>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <section>
      <PageHeader title="Workspace invitation" description="Join a workspace you were invited to." />
      <Card>{children}</Card>
    </section>
  );
}
