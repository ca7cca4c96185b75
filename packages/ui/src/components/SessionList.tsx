/** @jsxImportSource @emotion/react */
import { formatDateTime } from '../format';
import { itemRow, plainList } from '../theme/layout';
import { Badge } from './Badge';
import { Button } from './Button';

/** One signed-in device as the API describes it (shown by its newest session). */
export interface SessionItem {
  id: string;
  browser: string;
  os: string;
  ip: string;
  createdAt: string;
  lastUsedAt: string;
  /** How many sessions (sign-ins) the device holds. */
  sessions: number;
  current: boolean;
}

interface Props {
  sessions: SessionItem[];
  /** Signs one device out (all its sessions); absent for the current one (that is what "Log out" is for). */
  onEnd: (session: SessionItem) => void;
  /** The id of a session being signed out (its button shows it and waits). */
  ending?: string | null;
  /** "this device" is only meaningful in a person's own list. */
  markCurrent?: boolean;
}

/**
 * Signed-in devices, one card each: browser and system, the address, last sign-in and last seen,
 * how many sessions when more than one, and a "Sign out" button; the device this browser is is
 * marked "This device" instead.
 */
export function SessionList({ sessions, onEnd, ending = null, markCurrent = true }: Props) {
  return (
    <ul css={{ ...plainList, display: 'grid', gap: '0.75rem' }}>
      {sessions.map((session) => {
        const name = `${session.browser} on ${session.os}`;
        return (
          <li key={session.id} css={itemRow}>
            <div css={{ minWidth: 0, flex: '1 1 14rem' }}>
              <p css={{ margin: 0, fontWeight: 600, display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                {name}
                {markCurrent && session.current ? <Badge tone="success">This device</Badge> : null}
              </p>
              <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.colors.textMuted, fontSize: '0.9375rem' })}>
                From {session.ip} · signed in {formatDateTime(session.createdAt)} · last seen{' '}
                {formatDateTime(session.lastUsedAt)}
                {session.sessions > 1 ? ` · ${session.sessions} sessions` : null}
              </p>
            </div>
            {markCurrent && session.current ? null : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Sign out ${name}, from ${session.ip}`}
                disabled={ending === session.id}
                onClick={() => onEnd(session)}
              >
                {ending === session.id ? 'Signing out…' : 'Sign out'}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
