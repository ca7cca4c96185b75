/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { API_ERRORS, errorMessage, sessionsApi } from '@kloof/api-client';
import { AuthenticatorCard } from './AuthenticatorCard';
import { PasskeysCard } from '../passkeys/PasskeysCard';
import { Button, Card, ConfirmDialog, panel, ResourceState, SessionList, toast, type SessionItem } from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';

const PAGE_SIZE = 20;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'device', many: 'devices' };

/** The toast once the other devices are signed out (0: only other sessions of this browser were). */
function signedOutOthers(ended: number): string {
  if (ended === 0) return 'Signed out the other sessions of this device.';
  return ended === 1 ? 'Signed out 1 other device.' : `Signed out ${ended} other devices.`;
}

/**
 * Settings > Security: the browsers signed in to this account, one row per device with a "Sign
 * out", and one button, confirmed first, for every other device. A device signed out here cannot
 * refresh any more, at once.
 */
export function SecuritySection() {
  const sessions = usePagedList((after) => sessionsApi.mine({ after, limit: PAGE_SIZE }), []);
  const [ending, setEnding] = useState<string | null>(null);
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  const [othersError, setOthersError] = useState<string | null>(null);
  // An admin sent here by the admin pages because a second factor is required for them.
  const [params] = useSearchParams();
  const mustEnrol = params.get('enrol') === 'second-factor';

  const end = async (session: SessionItem) => {
    setEnding(session.id);
    try {
      await sessionsApi.end(session.id);
      toast.success(`Signed out ${session.browser} on ${session.os}.`);
      sessions.resource.reload();
    } catch (error) {
      toast.error(`${session.browser} on ${session.os} is still signed in. ${errorMessage(error)}`);
    } finally {
      setEnding(null);
    }
  };

  const endOthers = async () => {
    setOthersError(null);
    try {
      const ended = await sessionsApi.endOthers();
      setConfirmingOthers(false);
      toast.success(signedOutOthers(ended));
      sessions.resource.reload();
    } catch (error) {
      setOthersError(`The other devices are still signed in. ${errorMessage(error)}`);
    }
  };

  const closeConfirm = () => {
    setConfirmingOthers(false);
    setOthersError(null);
  };

  const shown = sessions.resource.data ?? [];
  const others = shown.filter((s) => !s.current || s.sessions > 1).length + (sessions.more.available ? 1 : 0);
  return (
    <Card aria-labelledby="security-heading" role="region">
      <h2 id="security-heading" css={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>
        Security
      </h2>
      <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted })}>
        Every sign-in and security change is in your <Link to="/user/activity">account activity</Link>.
      </p>
      {mustEnrol && (
        <p
          role="status"
          css={(theme) => ({
            ...panel(theme, theme.colors.surfaceMuted, '0.75rem'),
            margin: '0.5rem 0 1rem',
            padding: '0.75rem 1rem',
          })}
        >
          {API_ERRORS.second_factor_required}
        </p>
      )}
      <h3 css={{ margin: '0 0 0.75rem', fontSize: '1rem', fontWeight: 600 }}>Signed-in devices</h3>
      <ResourceState resource={sessions.resource} what="your signed-in devices" errorText={errorMessage}>
        {(items) => (
          <>
            <SessionList sessions={items} onEnd={(session) => void end(session)} ending={ending} />
            <LoadMore shown={items.length} noun={NOUN} more={sessions.more} errorText={errorMessage} />
            <div css={{ marginTop: '1rem' }}>
              <Button variant="danger" onClick={() => setConfirmingOthers(true)} disabled={others === 0}>
                Sign out of all other devices
              </Button>
            </div>
          </>
        )}
      </ResourceState>
      {confirmingOthers && (
        <ConfirmDialog
          title="Sign out of all other devices?"
          confirmLabel="Sign out of all other devices"
          onConfirm={endOthers}
          onCancel={closeConfirm}
          error={othersError}
        >
          <p css={{ margin: 0 }}>
            Every other browser signed in to your account is signed out at once and must sign in again. This device
            stays signed in.
          </p>
        </ConfirmDialog>
      )}
      <PasskeysCard />
      <AuthenticatorCard />
    </Card>
  );
}
