import { FairQueue, QueueRefusedError, type FairQueueLimits } from './fair-queue';

const LIMITS: FairQueueLimits = { concurrency: 1, maxWaiting: 100, maxWaitingPerClient: 100, maxWaitMs: 60_000 };

/** Tasks the test finishes by hand, recording the order they started in. */
function gate() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  /** Finishes a running task and lets the queue start the next. */
  const finish = async (name: string) => {
    const done = finishers.get(name);
    if (!done) throw new Error(`${name} is not running`);
    done();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, task, finish };
}

async function finishInOrder(g: ReturnType<typeof gate>, count: number) {
  for (let i = 0; i < count; i += 1) {
    const running = g.started[i];
    if (running === undefined) throw new Error(`only ${g.started.length} tasks started`);
    await g.finish(running);
  }
}

describe('FairQueue', () => {
  it('runs no more tasks at once than its concurrency', async () => {
    const queue = new FairQueue({ ...LIMITS, concurrency: 2 });
    const g = gate();
    const runs = ['a', 'b', 'c', 'd'].map((name) => queue.run('x', g.task(name)));
    expect(g.started).toEqual(['a', 'b']);
    expect(queue.waiting).toBe(2);
    await g.finish('a');
    expect(g.started).toEqual(['a', 'b', 'c']);
    await g.finish('b');
    await g.finish('c');
    await g.finish('d');
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it("serves clients in turn: a newcomer waits for one task of each line, not behind another client's flood", async () => {
    const queue = new FairQueue(LIMITS);
    const g = gate();
    const runs = ['flood-1', 'flood-2', 'flood-3', 'flood-4'].map((name) => queue.run('ip:flood', g.task(name)));
    runs.push(queue.run('ip:other', g.task('other-1')), queue.run('ip:user', g.task('user-1')));
    runs.push(queue.run('ip:other', g.task('other-2')));
    await finishInOrder(g, 7);
    expect(g.started).toEqual(['flood-1', 'flood-2', 'other-1', 'user-1', 'flood-3', 'other-2', 'flood-4']);
    await Promise.all(runs);
  });

  it('serves the priority lane (known devices, signed-in users) before anonymous clients', async () => {
    const queue = new FairQueue(LIMITS);
    const g = gate();
    const runs = ['flood-1', 'flood-2', 'flood-3'].map((name) => queue.run('ip:flood', g.task(name)));
    runs.push(queue.run('device:owner', g.task('owner'), { priority: true }));
    await finishInOrder(g, 4);
    expect(g.started).toEqual(['flood-1', 'owner', 'flood-2', 'flood-3']);
    await Promise.all(runs);
  });

  it("refuses a client's task past its own bound ('client-full') while other clients still get in", async () => {
    const queue = new FairQueue({ ...LIMITS, maxWaitingPerClient: 2 });
    const g = gate();
    const runs = ['flood-1', 'flood-2', 'flood-3'].map((name) => queue.run('ip:flood', g.task(name)));
    await expect(queue.run('ip:flood', g.task('flood-4'))).rejects.toEqual(new QueueRefusedError('client-full'));
    runs.push(queue.run('ip:user', g.task('user')));
    await finishInOrder(g, 4);
    expect(g.started).toEqual(['flood-1', 'flood-2', 'user', 'flood-3']);
    await Promise.all(runs);
  });

  it("refuses a task when its lane is full ('full'); the priority lane has a bound of its own", async () => {
    const queue = new FairQueue({ ...LIMITS, maxWaiting: 2 });
    const g = gate();
    const runs = ['a', 'b', 'c'].map((client) => queue.run(`ip:${client}`, g.task(client)));
    await expect(queue.run('ip:d', g.task('d'))).rejects.toEqual(new QueueRefusedError('full'));
    runs.push(queue.run('device:owner', g.task('owner'), { priority: true }));
    await finishInOrder(g, 4);
    expect(g.started).toEqual(['a', 'owner', 'b', 'c']);
    await Promise.all(runs);
  });

  it("refuses a task that waited past maxWaitMs ('waited-too-long') and never runs it", async () => {
    jest.useFakeTimers();
    try {
      const queue = new FairQueue({ ...LIMITS, maxWaitMs: 1000 });
      const g = gate();
      const first = queue.run('ip:a', g.task('a'));
      const late = queue.run('ip:b', g.task('b'));
      const refused = expect(late).rejects.toEqual(new QueueRefusedError('waited-too-long'));
      jest.advanceTimersByTime(1000);
      await refused;
      expect(queue.waiting).toBe(0);
      const after = queue.run('ip:c', g.task('c'));
      jest.useRealTimers();
      await g.finish('a');
      await g.finish('c');
      expect(g.started).toEqual(['a', 'c']);
      await Promise.all([first, after]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells the refusal a task would meet before it is sent, so a flood is refused before its other work', async () => {
    const queue = new FairQueue({ ...LIMITS, maxWaiting: 2, maxWaitingPerClient: 1 });
    const g = gate();
    expect(queue.refusalFor('ip:a')).toBeNull();
    const runs = [queue.run('ip:a', g.task('a1')), queue.run('ip:a', g.task('a2'))];
    expect(queue.refusalFor('ip:a')).toBe('client-full');
    expect(queue.refusalFor('ip:b')).toBeNull();
    runs.push(queue.run('ip:b', g.task('b1')));
    expect(queue.refusalFor('ip:c')).toBe('full');
    expect(queue.refusalFor('device:owner', { priority: true })).toBeNull();
    expect(queue.waiting).toBe(2);
    await finishInOrder(g, 3);
    await Promise.all(runs);
  });

  it('frees the slot of a task that failed, and passes its error on', async () => {
    const queue = new FairQueue(LIMITS);
    const failing = queue.run('ip:a', () => Promise.reject(new Error('argon2 failed')));
    const next = queue.run('ip:b', () => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('argon2 failed');
    await expect(next).resolves.toBe('ran');
  });
});
