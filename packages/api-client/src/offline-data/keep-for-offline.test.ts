import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { fakeNetwork, networkError, respond } from '../../testing';
import { errorMessage } from '../errors';
import { EARLY_FETCHES_GLOBAL, takeEarlyFetch, type EarlyFetch } from '../early-fetches';
import { tokenStorage } from '../token-storage';
import { keepReadsForOffline } from './keep-for-offline';
import { OFFLINE_CHANGE_MESSAGE } from './offline-change';
import { savedAt } from './saved-at';
import { savedReads, type SavedReads } from './saved-reads';

/** An access token of `sub` as the API issues one (only decoded here, never checked). */
function tokenOf(sub: string): string {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${b64({ alg: 'none' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}
const signIn = (sub: string) => tokenStorage.save({ accessToken: tokenOf(sub), refreshToken: `refresh-of-${sub}` });

/** The real saved reads, with a record of what was asked of them. */
function recordedReads() {
  const calls: string[] = [];
  const reads: SavedReads = {
    get: (...args) => savedReads.get(...args),
    put: async (...args) => {
      calls.push(`put ${args[1]}`);
      await savedReads.put(...args);
      calls.push(`put ${args[1]} done`);
    },
    clear: async () => {
      calls.push('clear');
      await savedReads.clear();
    },
  };
  return { reads, calls };
}

/** An instance with the offline layer, in front of a server whose answers and reachability the test sets. */
function client(reads: SavedReads = savedReads) {
  const network = fakeNetwork(true);
  const sent: InternalAxiosRequestConfig[] = [];
  let reachable = true;
  let answers: Record<string, unknown> = {};
  let held: Promise<void> = Promise.resolve();
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    await held;
    if (!reachable) throw networkError(config);
    return respond(config, 200, answers[config.url ?? '']);
  };
  const instance = axios.create({ adapter });
  keepReadsForOffline(instance, { network: network.store, reads, AxiosError: axios.AxiosError });
  return {
    instance,
    sent,
    network,
    serverAnswers: (next: Record<string, unknown>) => (answers = next),
    serverUnreachable: () => (reachable = false),
    /** The server answers only once `release` is called (the request has left). */
    holdAnswers() {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

/** Waits (a bounded number of turns) until the condition holds. */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(condition()).toBe(true);
}

/** Until the last keep has been written (it runs after the answer is handed on). */
async function keptFor(user: string, key: string) {
  for (let i = 0; i < 100; i++) {
    const copy = await savedReads.get(user, key);
    if (copy) return copy;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`${key} was never kept for ${user}`);
}

beforeEach(async () => {
  localStorage.clear();
  await savedReads.clear();
});

describe('offline, the screens show what they last read', () => {
  it('answers a screen read from its saved copy at once when offline, marked with when it was saved', async () => {
    const api = client();
    signIn('alice');
    api.serverAnswers({ projects: { items: [{ id: 'p1', name: 'Alice project' }], next: null } });
    await api.instance.get('projects');
    const kept = await keptFor('alice', 'projects');

    api.network.workerSays(false);
    const { data } = await api.instance.get<{ items: { name: string }[] }>('projects');
    expect(api.sent).toHaveLength(1);
    expect(data.items[0]!.name).toBe('Alice project');
    expect(savedAt(data)).toBe(kept.savedAt);
    expect(savedAt(data.items)).toBe(kept.savedAt);
  });

  it('answers from the saved copy when the request gets no answer', async () => {
    const api = client();
    signIn('alice');
    api.serverAnswers({ dashboard: { workspaces: 2 } });
    await api.instance.get('dashboard');
    await keptFor('alice', 'dashboard');

    api.serverUnreachable();
    const { data } = await api.instance.get<{ workspaces: number }>('dashboard');
    expect(data.workspaces).toBe(2);
    expect(savedAt(data)).not.toBeNull();
  });

  it('gives a fresh answer no saved-at mark', async () => {
    const api = client();
    signIn('alice');
    api.serverAnswers({ dashboard: { workspaces: 2 } });
    const { data } = await api.instance.get('dashboard');
    expect(savedAt(data)).toBeNull();
  });

  it("never shows a second user the first user's data", async () => {
    const api = client();
    signIn('alice');
    api.serverAnswers({ projects: { items: [{ id: 'p1', name: 'Alice project' }], next: null } });
    await api.instance.get('projects');
    await keptFor('alice', 'projects');

    signIn('bob');
    api.serverUnreachable();
    api.network.workerSays(false);
    await expect(api.instance.get('projects')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
  });

  it('deletes every saved read when the session ends (sign-out, refused refresh, revoked session)', async () => {
    const api = client();
    signIn('alice');
    api.serverAnswers({ projects: { items: [], next: null } });
    await api.instance.get('projects');
    await keptFor('alice', 'projects');

    tokenStorage.clear();
    signIn('alice');
    expect(await savedReads.get('alice', 'projects')).toBeNull();
  });

  it('never keeps an answer that arrives after the session ended', async () => {
    const { reads, calls } = recordedReads();
    const api = client(reads);
    signIn('alice');
    api.serverAnswers({ projects: { items: [], next: null } });
    const release = api.holdAnswers();
    const late = api.instance.get('projects');
    await waitUntil(() => api.sent.length === 1);
    tokenStorage.clear();
    release();
    await late;
    expect(calls).toEqual([]);
  });

  it('deletes an answer whose session ended while it was being written', async () => {
    const { reads, calls } = recordedReads();
    const api = client(reads);
    signIn('alice');
    api.serverAnswers({ projects: { items: [], next: null } });
    await api.instance.get('projects');
    expect(calls).toEqual(['put projects']);
    tokenStorage.clear();
    signIn('bob');
    await waitUntil(() => calls.includes('clear'));
    signIn('alice');
    expect(await savedReads.get('alice', 'projects')).toBeNull();
  });

  it('never keeps the session or tokens', async () => {
    const api = client();
    signIn('alice');
    api.serverAnswers({ 'current-user': { email: 'alice@example.test' }, 'auth/refresh': { accessToken: 'a' } });
    await api.instance.get('current-user');
    await api.instance.get('auth/refresh');
    api.serverUnreachable();
    await expect(api.instance.get('current-user')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    await expect(api.instance.get('auth/refresh')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
  });
});

describe('offline, a change is refused at once', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)(
    '%s is not sent, and says why in the user’s words',
    async (method) => {
      const api = client();
      signIn('alice');
      api.network.workerSays(false);
      const refused = await api.instance
        .request({ method, url: 'projects', data: { name: 'x' } })
        .catch((e: unknown) => e);
      expect(api.sent).toHaveLength(0);
      expect(errorMessage(refused)).toBe(OFFLINE_CHANGE_MESSAGE);
    },
  );

  it('is sent as usual online', async () => {
    const api = client();
    signIn('alice');
    await api.instance.post('projects', { name: 'x' });
    expect(api.sent).toHaveLength(1);
  });
});

describe('a read the page fetched before the client loaded', () => {
  /** GETs the page's first script sent with the stored token (host/src/startup/early-requests.ts). */
  function sentEarly(answers: Record<string, unknown>): void {
    const holder = globalThis as unknown as Record<string, Map<string, EarlyFetch> | undefined>;
    const answerOf = (body: unknown) => ({ ok: true, status: 200, json: () => Promise.resolve(body) }) as Response;
    holder[EARLY_FETCHES_GLOBAL] = new Map(
      Object.entries(answers).map(([key, body]) => [
        key,
        { bearer: tokenStorage.accessToken()!, response: Promise.resolve(answerOf(body)) },
      ]),
    );
  }

  it('is kept for offline once handed to its screen, like a read the client sent', async () => {
    signIn('alice');
    sentEarly({ 'workspaces?limit=5': { items: [{ id: 'w1', name: 'Alice workspace' }], next: null } });
    await takeEarlyFetch('workspaces?limit=5');
    const kept = await keptFor('alice', 'workspaces?limit=5');
    expect(kept.data).toEqual({ items: [{ id: 'w1', name: 'Alice workspace' }], next: null });

    const api = client();
    api.network.workerSays(false);
    const { data } = await api.instance.get('workspaces', { params: { limit: 5 } });
    expect(api.sent).toHaveLength(0);
    expect(savedAt(data)).toBe(kept.savedAt);
  });

  it('is never kept when it is not a screen read (the session check)', async () => {
    signIn('alice');
    sentEarly({ 'current-user?include=settings': { id: 'alice' } });
    await takeEarlyFetch('current-user?include=settings');
    await expect(keptFor('alice', 'current-user?include=settings')).rejects.toThrow('never kept');
  });
});
