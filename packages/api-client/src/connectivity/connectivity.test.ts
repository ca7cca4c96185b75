import { describe, expect, it } from '@jest/globals';
import { fakeNetwork } from '../../testing/fake-network';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('whether the site can be reached', () => {
  it('starts from what the browser says', () => {
    expect(fakeNetwork(true).store.online()).toBe(true);
    expect(fakeNetwork(false).store.online()).toBe(false);
  });

  it('is offline when the worker had to answer from its cache, although the browser claims a network', () => {
    const network = fakeNetwork(true);
    network.workerSays(false);
    expect(network.store.online()).toBe(false);
  });

  it('checks the server with back-off while offline, and is online once it answers', async () => {
    const network = fakeNetwork(true);
    network.serverAnswers(false);
    network.workerSays(false);
    expect(await network.runTimer()).toBe(2_000);
    expect(await network.runTimer()).toBe(4_000);
    expect(network.store.online()).toBe(false);
    network.serverAnswers(true);
    expect(await network.runTimer()).toBe(8_000);
    expect(network.store.online()).toBe(true);
    expect(await network.runTimer()).toBeNull();
  });

  it('checks at most 10 s apart however long the network stays away', async () => {
    const network = fakeNetwork(true);
    network.serverAnswers(false);
    network.workerSays(false);
    const delays = [];
    for (let i = 0; i < 6; i++) delays.push(await network.runTimer());
    expect(delays).toEqual([2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('checks at once when the person comes back to the page while it counts as offline', async () => {
    const network = fakeNetwork(true);
    network.serverAnswers(false);
    network.workerSays(false);
    await network.runTimer();
    await network.runTimer(); // now waiting 8 s
    network.serverAnswers(true);
    network.personReturns();
    await settle();
    expect(network.store.online()).toBe(true);
    expect(network.probes()).toBe(3);
    network.personReturns(); // online: no probe
    await settle();
    expect(network.probes()).toBe(3);
  });

  it('believes the browser going offline at once, and coming back only once the server answers', async () => {
    const network = fakeNetwork(true);
    network.browserSays(false);
    expect(network.store.online()).toBe(false);
    network.serverAnswers(false);
    network.browserSays(true);
    await settle();
    expect(network.store.online()).toBe(false);
    network.serverAnswers(true);
    await network.runTimer();
    expect(network.store.online()).toBe(true);
  });

  it('never probes while the browser itself says it has no network', async () => {
    const network = fakeNetwork(false);
    network.workerSays(false);
    expect(await network.runTimer()).toBeNull();
    expect(network.probes()).toBe(0);
  });

  it('checks at once when a request failed without an answer', async () => {
    const network = fakeNetwork(true);
    network.serverAnswers(false);
    network.store.reportNetworkFailure();
    await settle();
    expect(network.store.online()).toBe(false);
    expect(network.probes()).toBe(1);
  });

  it('tells its subscribers about each change, once', () => {
    const network = fakeNetwork(true);
    const seen: boolean[] = [];
    network.store.subscribe(() => seen.push(network.store.online()));
    network.workerSays(false);
    network.workerSays(false);
    network.workerSays(true);
    expect(seen).toEqual([false, true]);
  });
});
