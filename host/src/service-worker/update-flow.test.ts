import { describe, expect, it, jest } from '@jest/globals';
import { OFFLINE_READY_LOG, UPDATE_PROMPT, wireUpdateFlow, type WorkboxLike } from './update-flow';

type Listener = (event: { isUpdate?: boolean }) => void;

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
  const fire = (type: string, event: { isUpdate?: boolean } = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return { workbox, fire, messageSkipWaiting };
}

function wired() {
  const events = workboxEvents();
  const deps = { askToReload: jest.fn<(accept: () => void) => void>(), reload: jest.fn(), log: jest.fn() };
  wireUpdateFlow(events.workbox, deps);
  return { ...events, ...deps };
}

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
