/** @jsxImportSource @emotion/react */
import { Table } from './Table';

/** One event of an account's activity log as the API describes it. */
export interface ActivityItem {
  id: string;
  kind: string;
  at: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  place: string | null;
  details: Record<string, string | number | boolean | null>;
}

/** What each kind of event says happened, as its owner reads it. */
export const ACTIVITY_LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in-new-device': 'Signed in from a new device',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset',
  'second-factor-enabled': 'Authenticator app turned on',
  'second-factor-disabled': 'Authenticator app turned off',
  'recovery-codes-renewed': 'New recovery codes made',
  'recovery-code-used': 'Signed in with a recovery code',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'signed-out-everywhere': 'Signed out of all other devices',
  'not-me': '"This was not me": signed out everywhere',
  'email-change-requested': 'E-mail change asked for',
  'email-changed': 'E-mail address changed',
  'invitation-sent': 'Invitation sent',
  'invitation-accepted': 'Invitation accepted',
  'member-removed': 'Member removed',
  'deletion-requested': 'Account deletion asked for',
  'deletion-cancelled': 'Account deletion cancelled',
};

/** How a sign-in was made, in words. */
const METHODS: Record<string, string> = {
  password: 'with a password',
  authenticator: 'with a password and an authenticator code',
  'recovery-code': 'with a password and a recovery code',
  passkey: 'with a passkey',
  'password-and-passkey': 'with a password and a passkey',
};

const COLUMNS = ['What', 'When', 'Device', 'Address', 'Place'] as const;

/** The time in the reader's own locale and time zone (the browser's), to the minute. */
const localTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Who and where of a workspace event: "to ann@example.com as editor", "in "Team"", "by an owner". */
function workspacePart({ kind, details }: ActivityItem): (string | undefined)[] {
  const whom = text(details.email);
  const role = text(details.role);
  const workspace = text(details.workspace);
  const by = text(details.by);
  return [
    whom ? (kind === 'invitation-sent' ? `to ${whom}` : whom) : undefined,
    role ? `as ${role}` : undefined,
    workspace ? `in "${workspace}"` : undefined,
    by === 'you' ? '(you left)' : by ? `by ${by}` : undefined,
  ];
}

function whatHappened(event: ActivityItem): string {
  const label = ACTIVITY_LABELS[event.kind] ?? event.kind;
  const method = METHODS[text(event.details.method) ?? ''];
  const name = text(event.details.name);
  return [label, method, name ? `"${name}"` : undefined, ...workspacePart(event)].filter(Boolean).join(' ');
}

/**
 * An account's activity, newest first, as a table (a card per event on phones): what happened, when
 * (the reader's locale), from which device and address, and the place ("Unknown" when no place is known).
 */
export function ActivityTable({ events, caption }: { events: readonly ActivityItem[]; caption: string }) {
  return (
    <Table caption={caption} columns={COLUMNS}>
      {events.map((event) => (
        <tr key={event.id}>
          <td>{whatHappened(event)}</td>
          <td>
            <time dateTime={event.at}>{localTime(event.at)}</time>
          </td>
          <td>{event.browser ? `${event.browser} on ${event.os ?? 'an unknown system'}` : 'Unknown'}</td>
          <td>{event.address ?? 'Unknown'}</td>
          <td>{event.place ?? 'Unknown'}</td>
        </tr>
      ))}
    </Table>
  );
}
