import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { authStore } from './store';
import { useAuthStartup } from './use-auth-startup';

const home = { pathname: '/', search: '' };
const login = { pathname: '/auth/login', search: '' };

beforeEach(() => localStorage.clear());

describe('useAuthStartup for a visitor holding no token', () => {
  it('runs no check and changes nothing on a page that does not read the auth state, then decides when one does', async () => {
    const changes: string[] = [];
    const stop = authStore.subscribe((session) => changes.push(session.state));
    const { rerender } = renderHook(({ location, needsState }) => useAuthStartup(location, { needsState }), {
      initialProps: { location: home, needsState: false },
    });
    // The marketing site: no store round at all, the state stays the initial UNKNOWN.
    expect(changes).toEqual([]);
    expect(authStore.getSession().state).toBe('UNKNOWN');

    // A guest-only page opens: the check decides (no token: signed out, no request) in a task of
    // its own, not inside the effects flush of the render that opened it.
    act(() => rerender({ location: login, needsState: true }));
    expect(changes).toEqual([]);
    await waitFor(() => expect(changes).toEqual(['SIGNED_OUT']));
    expect(authStore.getSession().state).toBe('SIGNED_OUT');
    stop();
  });
});
