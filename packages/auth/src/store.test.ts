import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { sessionEvents, tokenStorage } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { createAuthStore, followSessionEvents } from './store';
import { syncAcrossTabs } from './cross-tab';
import { knownUser } from './known-user';

const user = aUser({ id: 'u1', email: 'ann@example.com', username: 'ann' });
const tokens = { accessToken: 'access-token-0123456789', refreshToken: 'refresh-token-0123456789' };

beforeEach(() => localStorage.clear());

function expectSignedOutWithoutTokens(store: ReturnType<typeof createAuthStore>): void {
  expect(store.getSession()).toMatchObject({
    state: 'SIGNED_OUT',
    user: null,
    accessToken: null,
    refreshToken: null,
  });
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(localStorage.getItem('refreshToken')).toBeNull();
}

describe('auth store: tokens, user and the UNKNOWN / SIGNED_IN / SIGNED_OUT state', () => {
  it('starts UNKNOWN with the stored tokens and no user', () => {
    tokenStorage.save(tokens);
    expect(createAuthStore().getSession()).toEqual({
      ...tokens,
      user: null,
      state: 'UNKNOWN',
      isCheckingAuth: false,
      landing: null,
      unconfirmed: false,
    });
  });

  it('login with a user gives SIGNED_IN and stores both tokens', () => {
    const store = createAuthStore();
    store.login(tokens, user, { landing: '/dashboard' });
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_IN', user, landing: '/dashboard' });
    expect(localStorage.getItem('accessToken')).toBe(tokens.accessToken);
    expect(localStorage.getItem('refreshToken')).toBe(tokens.refreshToken);
  });

  it('login without a user gives SIGNED_OUT and keeps no token (held, one would start the check that signs in)', () => {
    const store = createAuthStore();
    store.login(tokens, null);
    expectSignedOutWithoutTokens(store);
  });

  it('logout clears both tokens and the user and gives SIGNED_OUT', () => {
    const store = createAuthStore();
    store.login(tokens, user);
    store.logout();
    expectSignedOutWithoutTokens(store);
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const store = createAuthStore();
    const seen: string[] = [];
    const stop = store.subscribe((session) => seen.push(session.state));
    const before = store.getSession();
    store.login(tokens, user);
    stop();
    store.logout();
    expect(seen).toEqual(['SIGNED_IN']);
    expect(store.getSession()).not.toBe(before);
  });

  it('follows the HTTP layer: refreshed tokens are taken, an ended session logs out', () => {
    const store = createAuthStore();
    const stop = followSessionEvents(store);
    store.login(tokens, user);
    sessionEvents.emit({
      type: 'refreshed',
      tokens: { accessToken: 'new-access-0123456789', refreshToken: 'new-refresh-0123456789' },
    });
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_IN', accessToken: 'new-access-0123456789' });
    sessionEvents.emit({ type: 'ended', reason: 'jwt expired', cause: 'refresh-refused' });
    expect(store.getSession().state).toBe('SIGNED_OUT');
    stop();
  });

  it('remembers the confirmed user beside the tokens, and forgets it at logout', () => {
    const store = createAuthStore();
    store.login(tokens, user);
    expect(knownUser.get()).toEqual(user);
    store.setUser({ ...user, username: 'annie' });
    expect(knownUser.get()?.username).toBe('annie');
    store.logout();
    expect(knownUser.get()).toBeNull();
  });

  it('a network failure is not a sign-out: the tokens and the last confirmed user stay, unconfirmed', () => {
    tokenStorage.save(tokens);
    knownUser.save(user);
    const store = createAuthStore();
    store.keepUnconfirmed();
    expect(store.getSession()).toMatchObject({ ...tokens, state: 'SIGNED_IN', user, unconfirmed: true });
    expect(localStorage.getItem('refreshToken')).toBe(tokens.refreshToken);
  });

  it('without a known user an unconfirmed session stays UNKNOWN (never SIGNED_OUT)', () => {
    tokenStorage.save(tokens);
    const store = createAuthStore();
    store.keepUnconfirmed();
    expect(store.getSession()).toMatchObject({ ...tokens, state: 'UNKNOWN', user: null, unconfirmed: true });
  });
});

describe('across tabs (storage events)', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  function otherTabWrites(key: string, newValue: string | null): void {
    if (newValue === null) localStorage.removeItem(key);
    else localStorage.setItem(key, newValue);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  }

  it('a logout in another tab signs this tab out', () => {
    const store = createAuthStore();
    store.login(tokens, user);
    stop = syncAcrossTabs(store);
    otherTabWrites('accessToken', null);
    otherTabWrites('refreshToken', null);
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_OUT', user: null });
  });

  it('a refresh in another tab gives this tab the new tokens', () => {
    const store = createAuthStore();
    store.login(tokens, user);
    stop = syncAcrossTabs(store);
    otherTabWrites('accessToken', 'other-tab-access-0123');
    otherTabWrites('refreshToken', 'other-tab-refresh-0123');
    expect(store.getSession()).toMatchObject({
      state: 'SIGNED_IN',
      accessToken: 'other-tab-access-0123',
      refreshToken: 'other-tab-refresh-0123',
    });
  });

  it('ignores other keys', () => {
    const store = createAuthStore();
    store.login(tokens, user);
    stop = syncAcrossTabs(store);
    otherTabWrites('color-scheme', 'dark');
    expect(store.getSession().state).toBe('SIGNED_IN');
  });
});
