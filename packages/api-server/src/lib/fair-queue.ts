/**
 * Runs costly tasks (password hashes) a few at a time, fairly between clients: each client waits
 * in a line of its own and the lines are served in turn, one task each, so a client that sends a
 * thousand waits behind its own thousand while a newcomer waits for one turn of every line. The
 * priority lane (a known device, a signed-in user) is served before the others. Bounded: a client
 * with too many waiting, a full lane or a task that waited too long is refused, never queued for
 * ever, so a flood costs memory and time in proportion to the bounds, not to the flood.
 */

export interface FairQueueLimits {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting in one lane, over all its clients. */
  maxWaiting: number;
  /** Tasks one client may have waiting. */
  maxWaitingPerClient: number;
  /** Longest a task waits for its turn before it is refused. */
  maxWaitMs: number;
}

/** Why a task was not run: its client's own line is full, the lane is full, or it waited too long. */
export type Refusal = 'client-full' | 'full' | 'waited-too-long';

export class QueueRefusedError extends Error {
  constructor(public readonly reason: Refusal) {
    super(`task refused: ${reason}`);
    this.name = 'QueueRefusedError';
  }
}

interface Waiting {
  client: string;
  start(): void;
  refuse(reason: Refusal): void;
  timer: NodeJS.Timeout;
}

/** One lane: a line per client, served in turn (a Map keeps the order the lines joined in). */
class Lane {
  private readonly lines = new Map<string, Waiting[]>();
  size = 0;

  waitingFor(client: string): number {
    return this.lines.get(client)?.length ?? 0;
  }

  push(entry: Waiting): void {
    const line = this.lines.get(entry.client);
    if (line) line.push(entry);
    else this.lines.set(entry.client, [entry]);
    this.size += 1;
  }

  /** The first task of the line whose turn it is; that line moves to the back. */
  shift(): Waiting | undefined {
    const first = this.lines.entries().next();
    if (first.done) return undefined;
    const [client, line] = first.value;
    const entry = line.shift();
    this.lines.delete(client);
    if (line.length > 0) this.lines.set(client, line);
    this.size -= 1;
    return entry;
  }

  remove(entry: Waiting): void {
    const line = this.lines.get(entry.client);
    const at = line?.indexOf(entry) ?? -1;
    if (!line || at < 0) return;
    line.splice(at, 1);
    if (line.length === 0) this.lines.delete(entry.client);
    this.size -= 1;
  }
}

export class FairQueue {
  private running = 0;
  private readonly priority = new Lane();
  private readonly others = new Lane();

  constructor(private readonly limits: FairQueueLimits) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting (not running) in both lanes. */
  get waiting(): number {
    return this.priority.size + this.others.size;
  }

  /** The refusal a task of `client` would meet now; null when it would run or wait its turn. */
  refusalFor(client: string, options: { priority?: boolean } = {}): Refusal | null {
    if (this.running < this.limits.concurrency && this.waiting === 0) return null;
    const lane = options.priority ? this.priority : this.others;
    if (lane.waitingFor(client) >= this.limits.maxWaitingPerClient) return 'client-full';
    return lane.size >= this.limits.maxWaiting ? 'full' : null;
  }

  /** Runs `task` in `client`'s turn; rejects with QueueRefusedError when it may not wait. */
  run<T>(client: string, task: () => Promise<T>, options: { priority?: boolean } = {}): Promise<T> {
    const lane = options.priority ? this.priority : this.others;
    if (this.running < this.limits.concurrency && this.waiting === 0) return this.start(task);
    const refusal = this.refusalFor(client, options);
    if (refusal) return Promise.reject(new QueueRefusedError(refusal));
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        client,
        start: () => this.start(task).then(resolve, reject),
        refuse: (reason) => reject(new QueueRefusedError(reason)),
        timer: setTimeout(() => {
          lane.remove(entry);
          entry.refuse('waited-too-long');
        }, this.limits.maxWaitMs),
      };
      lane.push(entry);
    });
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.next();
    }
  }

  private next(): void {
    while (this.running < this.limits.concurrency) {
      const entry = this.priority.shift() ?? this.others.shift();
      if (!entry) return;
      clearTimeout(entry.timer);
      entry.start();
    }
  }
}
