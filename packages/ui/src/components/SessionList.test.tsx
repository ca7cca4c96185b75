/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { SessionList, type SessionItem } from './SessionList';

const session = (id: string, browser: string, current = false): SessionItem => ({
  id,
  browser,
  os: 'Linux',
  ip: `10.0.0.${id}`,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-29T07:00:00.000Z',
  sessions: 1,
  current,
});
const sessions = [session('1', 'Firefox', true), session('2', 'Chrome')];

describe('SessionList', () => {
  it('marks the session of this browser "This device", with no sign-out button of its own', () => {
    render(<SessionList sessions={sessions} onEnd={() => undefined} />);
    const [mine, other] = screen.getAllByRole('listitem');
    expect(mine).toHaveTextContent('Firefox on LinuxThis device');
    expect(within(mine!).queryByRole('button')).toBeNull();
    expect(within(other!).getByRole('button', { name: 'Sign out Chrome on Linux, from 10.0.0.2' })).toBeEnabled();
  });

  it('says how many sessions a device holds when it holds more than one', () => {
    render(
      <SessionList sessions={[...sessions, { ...session('3', 'Safari'), sessions: 30 }]} onEnd={() => undefined} />,
    );
    const [mine, one, busy] = screen.getAllByRole('listitem');
    expect(busy).toHaveTextContent(/last seen .+ · 30 sessionsSign out$/);
    expect(one).not.toHaveTextContent('sessions');
    expect(mine).not.toHaveTextContent('sessions');
  });

  it('signs out the session whose button is pressed, named so a screen reader tells them apart', async () => {
    const onEnd = jest.fn<(item: SessionItem) => void>();
    render(<SessionList sessions={[...sessions, session('3', 'Safari')]} onEnd={onEnd} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari on Linux, from 10.0.0.3' }));
    expect(onEnd).toHaveBeenCalledWith(expect.objectContaining({ id: '3' }));
  });

  it('shows the session being signed out as waiting, and only that one', () => {
    render(<SessionList sessions={[...sessions, session('3', 'Safari')]} onEnd={() => undefined} ending="2" />);
    const ending = screen.getByRole('button', { name: 'Sign out Chrome on Linux, from 10.0.0.2' });
    expect(ending).toBeDisabled();
    expect(ending).toHaveTextContent('Signing out…');
    expect(screen.getByRole('button', { name: 'Sign out Safari on Linux, from 10.0.0.3' })).toBeEnabled();
  });

  it("in someone else's list (an admin's view), offers every session, this device unmarked", () => {
    render(<SessionList sessions={sessions} onEnd={() => undefined} markCurrent={false} />);
    expect(screen.queryByText('This device')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Sign out / })).toHaveLength(2);
  });
});
