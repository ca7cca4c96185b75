/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { ActivityTable, type ActivityItem } from './ActivityTable';

const event = (id: string, patch: Partial<ActivityItem>): ActivityItem => ({
  id,
  kind: 'sign-in',
  at: '2026-11-29T07:05:00.000Z',
  browser: 'Firefox 128',
  os: 'macOS Sonoma',
  address: '198.51.100.7',
  place: null,
  details: {},
  ...patch,
});

describe('ActivityTable', () => {
  it('is a table with column headings: what, when, device, address and place', () => {
    render(<ActivityTable events={[event('1', {})]} caption="Your account's activity" />);
    const table = screen.getByRole('table', { name: "Your account's activity" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['What', 'When', 'Device', 'Address', 'Place']);
  });

  it("says what happened in words, the time in the reader's locale, and Unknown where nothing is known", () => {
    render(
      <ActivityTable
        caption="Activity"
        events={[
          event('1', { kind: 'sign-in-new-device', details: { method: 'passkey', newDevice: true } }),
          event('2', { kind: 'passkey-added', details: { name: 'My phone' } }),
          event('3', { kind: 'password-reset', browser: null, os: null, address: null }),
        ]}
      />,
    );
    const [, newDevice, passkey, reset] = screen.getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row!)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-29T07:05:00.000Z'),
    );
    expect(cells(newDevice)).toEqual([
      'Signed in from a new device with a passkey',
      when,
      'Firefox 128 on macOS Sonoma',
      '198.51.100.7',
      'Unknown',
    ]);
    expect(cells(passkey)?.[0]).toBe('Passkey added "My phone"');
    expect(cells(reset)).toEqual(['Password reset', when, 'Unknown', 'Unknown', 'Unknown']);
    expect(within(newDevice!).getByText(when).closest('time')).toHaveAttribute('datetime', '2026-11-29T07:05:00.000Z');
  });

  it('names the workspace, the address and the role of a workspace event, and who removed a member', () => {
    render(
      <ActivityTable
        caption="Activity"
        events={[
          event('1', {
            kind: 'invitation-sent',
            details: { workspace: 'Team', email: 'ann@example.com', role: 'editor' },
          }),
          event('2', { kind: 'invitation-accepted', details: { workspace: 'Team', role: 'viewer' } }),
          event('3', { kind: 'member-removed', details: { workspace: 'Team', by: 'an owner' } }),
          event('4', { kind: 'member-removed', details: { workspace: 'Team', by: 'you' } }),
          event('5', { kind: 'member-removed', details: { workspace: 'Team', email: 'bob@example.com' } }),
        ]}
      />,
    );
    const what = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(what).toEqual([
      'Invitation sent to ann@example.com as editor in "Team"',
      'Invitation accepted as viewer in "Team"',
      'Member removed in "Team" by an owner',
      'Member removed in "Team" (you left)',
      'Member removed bob@example.com in "Team"',
    ]);
  });
});
