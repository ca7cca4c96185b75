import type { AdminReadsConfig } from '../config';
import { FairQueue, QueueRefusedError } from '../lib/fair-queue';
import { databaseBusy } from '../lib/http-error';
import type { Db, DbHandle } from './connect';

/**
 * The admins' lists and searches, on a lane of their own. They read across every account, so one
 * costs far more than a client's request; unbounded, ten at once held the whole pool and every
 * client (and /health) answered 503. Here at most ADMIN_READ_CONNECTIONS run at once, on
 * PostgreSQL on connections of their own (DbHandle.adminDb, with the shorter
 * ADMIN_READ_STATEMENT_TIMEOUT_MS), on PGlite one at a time so client queries pass between them;
 * the rest wait in turn per admin, and past the queue's bounds answer 503 "database busy".
 */
export class AdminReads {
  private readonly queue: FairQueue;

  constructor(
    private readonly db: Db,
    kind: DbHandle['kind'],
    limits: AdminReadsConfig,
  ) {
    this.queue = new FairQueue({
      concurrency: kind === 'pglite' ? 1 : limits.connections,
      maxWaiting: limits.maxWaiting,
      // One admin's burst may fill the queue; the turns keep another admin's read from waiting behind it.
      maxWaitingPerClient: limits.maxWaiting,
      maxWaitMs: limits.maxWaitMs,
    });
  }

  /** Runs `read` in `adminId`'s turn on the admin lane; 503 (database busy) when it may not wait. */
  async run<T>(adminId: string, read: (db: Db) => Promise<T>): Promise<T> {
    try {
      return await this.queue.run(adminId, () => read(this.db));
    } catch (err) {
      throw err instanceof QueueRefusedError ? databaseBusy() : err;
    }
  }
}
