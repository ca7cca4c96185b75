/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { API_ERRORS, errorMessage, sessionsApi } from '@kloof/api-client';
import { AuthenticatorCard } from './AuthenticatorCard';
import { PasskeysCard } from '../passkeys/PasskeysCard';
import { Button, Card, panel, ResourceState, SessionList, toast, useResource, type SessionItem } from '@kloof/ui';

const PAGE_SIZE = 20;

/**
 * Settings > Security: the browsers signed in to this account, each with a "Sign out", and one
 * button for every other device. A session signed out here cannot refresh any more, at once.
 */
export function SecuritySection() {
  const sessions = useResource(() => sessionsApi.mine({ limit: PAGE_SIZE }), []);
  const [loadingMore, setLoadingMore] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  // An admin sent here by the admin pages because a second factor is required for them.
  const [params] = useSearchParams();
  const mustEnrol = params.get('enrol') === 'second-factor';

  const end = async (session: SessionItem) => {
    setEnding(session.id);
    try {
      await sessionsApi.end(session.id);
      toast.success(`Signed out ${session.browser} on ${session.os}.`);
      sessions.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setEnding(null);
    }
  };

  const endOthers = async () => {
    setEndingOthers(true);
    try {
      const ended = await sessionsApi.endOthers();
      toast.success(ended === 1 ? 'Signed out 1 other device.' : `Signed out ${ended} other devices.`);
      sessions.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setEndingOthers(false);
    }
  };

  // The next page of devices, added under the ones shown; a failure keeps them and says why.
  const loadMore = async () => {
    const shown = sessions.data;
    if (!shown?.next) return;
    setLoadingMore(true);
    try {
      const page = await sessionsApi.mine({ after: shown.next, limit: PAGE_SIZE });
      sessions.setData({ items: [...shown.items, ...page.items], next: page.next });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const others = (sessions.data?.items.filter((s) => !s.current).length ?? 0) + (sessions.data?.next ? 1 : 0);
  return (
    <Card aria-labelledby="security-heading" role="region">
      <h2 id="security-heading" css={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>
        Security
      </h2>
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
      <ResourceState resource={sessions} what="your signed-in devices" errorText={errorMessage}>
        {(page) => (
          <>
            <SessionList sessions={page.items} onEnd={(session) => void end(session)} ending={ending} />
            <p role="status" css={(theme) => ({ margin: '0.75rem 0 0', color: theme.colors.textMuted })}>
              {page.next
                ? `${page.items.length} devices shown, more to load`
                : `All ${page.items.length} ${page.items.length === 1 ? 'device' : 'devices'} shown`}
            </p>
            {page.next ? (
              <Button variant="secondary" size="sm" loading={loadingMore} onClick={() => void loadMore()}>
                Load more
              </Button>
            ) : null}
            <div css={{ marginTop: '1rem' }}>
              <Button variant="danger" onClick={() => void endOthers()} loading={endingOthers} disabled={others === 0}>
                Sign out of all other devices
              </Button>
            </div>
          </>
        )}
      </ResourceState>
      <PasskeysCard />
      <AuthenticatorCard />
    </Card>
  );
}
