import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { jest } from '@jest/globals';
import { yieldToBrowser, type YieldGlobals } from './yield-to-browser';

/** The order in which the yield and two microtasks queued after it resume. */
async function resumeOrder(globals: YieldGlobals): Promise<string[]> {
  const order: string[] = [];
  const resumed = yieldToBrowser(globals).then(() => order.push('resumed'));
  void Promise.resolve()
    .then(() => order.push('microtask'))
    .then(() => order.push('second microtask'));
  await resumed;
  return order;
}

describe('yieldToBrowser', () => {
  it('resumes through scheduler.yield() where the browser has it', async () => {
    const yieldTask = jest.fn(() => Promise.resolve());
    await yieldToBrowser({ scheduler: { yield: yieldTask } });
    expect(yieldTask).toHaveBeenCalledTimes(1);
  });

  it('elsewhere resumes in a task of its own, sent as a message', async () => {
    const posted = jest.fn();
    class RecordingChannel extends NodeMessageChannel {
      constructor() {
        super();
        const post = this.port2.postMessage.bind(this.port2);
        this.port2.postMessage = (message: unknown) => {
          posted(message);
          post(message);
        };
      }
    }
    const order = await resumeOrder({ MessageChannel: RecordingChannel as unknown as typeof MessageChannel });
    expect(posted).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['microtask', 'second microtask', 'resumed']);
  });

  it('without either, resumes in a timer task', async () => {
    expect(await resumeOrder({})).toEqual(['microtask', 'second microtask', 'resumed']);
  });
});
