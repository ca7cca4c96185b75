import { describe, expect, it, jest } from '@jest/globals';
import { OFFLINE_READY_LOG, UPDATE_PROMPT, wireUpdateFlow, type WorkboxLike, type WorkerEvent } from './update-flow';

type Listener = (event: WorkerEvent) => void;

/** Stands in for workbox-window's Workbox: the events it fires and the skip-waiting message. */
function workboxEvents() {
  const listeners = new Map<string, Listener[]>();
  const messageSkipWaiting = jest.fn();
  const workbox: WorkboxLike = {
    addEventListener: (type, listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    messageSkipWaiting,
  };
  const fire = (type: string, event: WorkerEvent = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return { workbox, fire, messageSkipWaiting };
}

/** The flow wired to fake events; `active`: the worker active in the registration (none on a first visit). */
function wired(active: { worker: ServiceWorker | null } = { worker: null }) {
  const events = workboxEvents();
  const deps = {
    askToReload: jest.fn<(accept: () => void) => void>(),
    reload: jest.fn(),
    log: jest.fn(),
    replacesActiveWorker: (installed: ServiceWorker | undefined) =>
      active.worker !== null && active.worker !== installed,
  };
  wireUpdateFlow(events.workbox, deps);
  return { ...events, ...deps };
}

const aWorker = (name: string) => ({ scriptURL: name }) as unknown as ServiceWorker;

describe('service worker update flow', () => {
  it('asks exactly: New content available. Reload?', () => {
    expect(UPDATE_PROMPT).toBe('New content available. Reload?');
  });

  it('logs offline-ready on the first install, and does nothing else', () => {
    const flow = wired();
    flow.fire('installed', { isUpdate: false });
    flow.fire('activated', { isUpdate: false });
    flow.fire('controlling', { isUpdate: false });
    expect(flow.log).toHaveBeenCalledWith(OFFLINE_READY_LOG);
    expect(flow.reload).not.toHaveBeenCalled();
    expect(flow.askToReload).not.toHaveBeenCalled();
  });

  it('reloads when an update activates (e.g. accepted in another tab)', () => {
    const flow = wired();
    flow.fire('installed', { isUpdate: true });
    expect(flow.log).not.toHaveBeenCalled();
    flow.fire('activated', { isUpdate: true });
    expect(flow.reload).toHaveBeenCalledTimes(1);
  });

  it('an update found later (workbox-window calls it external, without isUpdate) never logs offline-ready, and reloads once active', () => {
    const old = aWorker('old');
    const next = aWorker('next');
    const active = { worker: old };
    const flow = wired(active);
    flow.fire('installed', { isExternal: true, sw: next });
    expect(flow.log).not.toHaveBeenCalled();
    active.worker = next;
    flow.fire('activated', { isExternal: true, sw: next });
    expect(flow.reload).toHaveBeenCalledTimes(1);
  });

  it('a first install found late (external, nothing active before) logs offline-ready and never reloads', () => {
    const first = aWorker('first');
    const active: { worker: ServiceWorker | null } = { worker: null };
    const flow = wired(active);
    flow.fire('installed', { isExternal: true, sw: first });
    active.worker = first;
    flow.fire('activated', { isExternal: true, sw: first });
    expect(flow.log).toHaveBeenCalledWith(OFFLINE_READY_LOG);
    expect(flow.reload).not.toHaveBeenCalled();
  });

  it('asks before a waiting update takes over, and reloads once it controls the page', () => {
    const flow = wired();
    flow.fire('waiting');
    expect(flow.askToReload).toHaveBeenCalledTimes(1);
    expect(flow.messageSkipWaiting).not.toHaveBeenCalled();

    const accept = flow.askToReload.mock.calls[0]![0];
    accept();
    expect(flow.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(flow.reload).not.toHaveBeenCalled();
    flow.fire('controlling', { isUpdate: true });
    flow.fire('activated', { isUpdate: true });
    expect(flow.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads while the prompt is unanswered', () => {
    const flow = wired();
    flow.fire('waiting');
    flow.fire('controlling', { isUpdate: false });
    expect(flow.reload).not.toHaveBeenCalled();
    expect(flow.messageSkipWaiting).not.toHaveBeenCalled();
  });
});
