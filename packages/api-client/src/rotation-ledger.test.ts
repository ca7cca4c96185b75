import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { createHttp } from './http';
import { configureRuntime } from './runtime-config';
import { forgetRotation, rotatedFrom } from './rotation-ledger';
import { tokenStorage } from './token-storage';
import { createFakeApi } from '../testing/fake-api';

/** One browser tab: its own axios instance and refresher, on the one API and the one IndexedDB. */
async function tab(api: ReturnType<typeof createFakeApi>) {
  const { http, refresher } = await createHttp();
  http.defaults.adapter = api.adapter;
  return { http, refresher };
}

beforeEach(async () => {
  localStorage.clear();
  await forgetRotation();
  configureRuntime({ apiHost: '' });
});

describe('a refresh token spent by another tab is never spent again, even before its new pair reaches this tab', () => {
  it('takes the new pair from the ledger when localStorage still holds the spent tokens', async () => {
    const api = createFakeApi();
    api.route('GET workspaces', () => ({ status: 200, data: [] }));
    const expired = api.expiredSession();
    const [one, two] = [await tab(api), await tab(api)];

    tokenStorage.save(expired);
    await one.http.get('workspaces');
    expect(api.state.refreshCalls).toBe(1);
    const rotated = { accessToken: api.state.validAccess, refreshToken: api.state.validRefresh };
    // Tab two's view of localStorage: tab one's write has not arrived yet.
    tokenStorage.save(expired);

    await expect(two.http.get('workspaces')).resolves.toMatchObject({ status: 200 });
    expect(api.state.refreshCalls).toBe(1);
    expect([tokenStorage.accessToken(), tokenStorage.refreshToken()]).toEqual([
      rotated.accessToken,
      rotated.refreshToken,
    ]);
  });

  it('refreshes as usual when the stored refresh token is not the one last spent', async () => {
    const api = createFakeApi();
    const { refresher } = await tab(api);
    tokenStorage.save(api.expiredSession());
    const first = await refresher.refresh();
    expect(await rotatedFrom('refresh-token-0000000000')).toEqual(first);
    expect(await rotatedFrom(first.refreshToken)).toBeNull();
    const second = await refresher.refresh(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(api.state.refreshCalls).toBe(2);
  });

  it('forgets the last rotation when the session ends, so a signed-out tab gets nothing back', async () => {
    const api = createFakeApi();
    const { refresher } = await tab(api);
    tokenStorage.save(api.expiredSession());
    await refresher.refresh();
    tokenStorage.clear();
    // IndexedDB runs transactions on one store in the order they were made: the read sees the delete.
    expect(await rotatedFrom('refresh-token-0000000000')).toBeNull();
  });
});
