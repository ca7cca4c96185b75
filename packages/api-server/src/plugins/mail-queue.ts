import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { MailMessage } from './mail';

/**
 * Turns a queued job into the mail to send, or null when there is nothing to send (no such
 * account, already verified). Runs in the worker, never on the request path, so the work a
 * request does is the same whether the address belongs to an account or not.
 */
export type MailComposer = (to: string) => Promise<MailMessage | null>;

export interface MailQueueStats {
  /** Jobs waiting for delivery (new or retrying). */
  backlog: number;
  /** Jobs that ran out of tries. */
  failed: number;
  /** Age of the oldest waiting job, 0 when none waits. */
  oldestBacklogSeconds: number;
}

export interface MailQueue {
  /** Registers how jobs of a kind become mail (a module does this for its own mails). */
  define(kind: string, compose: MailComposer): void;
  /** Records a mail to send: one insert on the request path; the worker is woken at once. */
  enqueue(kind: string, to: string): Promise<void>;
  /** Delivers every job that is due now and waits for it (tests, tools). */
  drain(): Promise<void>;
  stats(): Promise<MailQueueStats>;
}

const BATCH = 10;
/** A worker holds the jobs it claimed this long: longer than an SMTP send can take. */
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_SECONDS = 3600;

interface ClaimedJob {
  id: string;
  kind: string;
  to_address: string;
  attempts: number;
}

/**
 * The durable mail queue in front of the transport (`app.mailer`): a table of jobs in the
 * database and a worker in every API instance. Workers claim due jobs with a lease
 * (`FOR UPDATE SKIP LOCKED`), so several instances never send one job twice at the same time;
 * a failed send is retried with exponential backoff, then marked failed. /health reports it.
 */
export default fp(
  async (app) => {
    const { maxAttempts, retryBaseSeconds, pollMs } = app.config.mailQueue;
    const composers = new Map<string, MailComposer>();
    let running: Promise<number> | null = null;
    let again = false;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;

    async function claim(): Promise<ClaimedJob[]> {
      const now = app.now();
      return app.db
        .updateTable('mail_jobs')
        .set({ locked_until: new Date(now.getTime() + LEASE_MS), attempts: sql<number>`attempts + 1` })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_jobs')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
            .orderBy('next_attempt_at')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'kind', 'to_address', 'attempts'])
        .execute();
    }

    async function finish(id: string, status: 'sent' | 'dropped' | 'failed', error: string | null = null) {
      await app.db
        .updateTable('mail_jobs')
        .set({ status, finished_at: app.now(), locked_until: null, last_error: error })
        .where('id', '=', id)
        .execute();
    }

    async function deliver(job: ClaimedJob): Promise<void> {
      try {
        const compose = composers.get(job.kind);
        if (!compose) throw new Error(`no composer for mail kind "${job.kind}"`);
        const mail = await compose(job.to_address);
        if (!mail) return await finish(job.id, 'dropped');
        await app.mailer.send(mail);
        await finish(job.id, 'sent');
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (job.attempts >= maxAttempts) {
          app.log.error({ err, job: job.id, kind: job.kind, attempts: job.attempts }, 'mail failed for good');
          await finish(job.id, 'failed', message);
          return;
        }
        const backoff = Math.min(retryBaseSeconds * 2 ** (job.attempts - 1), MAX_BACKOFF_SECONDS);
        app.log.warn({ err, job: job.id, kind: job.kind, attempts: job.attempts, retryIn: backoff }, 'mail will retry');
        await app.db
          .updateTable('mail_jobs')
          .set({
            next_attempt_at: new Date(app.now().getTime() + backoff * 1000),
            locked_until: null,
            last_error: message,
          })
          .where('id', '=', job.id)
          .execute();
      }
    }

    /** One pass: claims and delivers batches until nothing is due. Returns how many it handled. */
    async function pass(): Promise<number> {
      let handled = 0;
      for (;;) {
        const jobs = await claim();
        for (const job of jobs) await deliver(job);
        handled += jobs.length;
        if (jobs.length < BATCH || stopped) return handled;
      }
    }

    /** Runs one pass at a time; a wake-up during a pass runs another right after it. */
    function wake(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = pass()
        .catch((err: unknown) => {
          // While the database is away every pass fails: that is logged once, as the outage.
          if (isDatabaseUnavailable(err)) app.dbAvailability.markUnavailable(err);
          else app.log.error({ err }, 'mail worker pass failed');
          return 0;
        })
        .finally(() => {
          running = null;
          if (again && !stopped) {
            again = false;
            void wake();
          }
        });
      return running;
    }

    const queue: MailQueue = {
      define(kind, compose) {
        composers.set(kind, compose);
      },
      async enqueue(kind, to) {
        const now = app.now();
        await app.db
          .insertInto('mail_jobs')
          .values({
            id: randomUUID(),
            kind,
            to_address: to,
            next_attempt_at: now,
            locked_until: null,
            last_error: null,
            created_at: now,
            finished_at: null,
          })
          .execute();
        if (!stopped) void wake();
      },
      async drain() {
        for (;;) {
          if (running) await running;
          if ((await pass()) === 0 && !running) return;
        }
      },
      async stats() {
        const row = await app.db
          .selectFrom('mail_jobs')
          .select([
            sql<number>`count(*) filter (where status = 'pending')::int`.as('backlog'),
            sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
            sql<Date | null>`min(created_at) filter (where status = 'pending')`.as('oldest'),
          ])
          .executeTakeFirstOrThrow();
        const oldest = row.oldest ? new Date(row.oldest).getTime() : null;
        return {
          backlog: Number(row.backlog),
          failed: Number(row.failed),
          oldestBacklogSeconds: oldest === null ? 0 : Math.max(0, Math.round((app.now().getTime() - oldest) / 1000)),
        };
      },
    };
    app.decorate('mailQueue', queue);

    app.addHook('onReady', async () => {
      timer = setInterval(() => void wake(), pollMs);
      timer.unref();
      void wake(); // whatever an earlier run left behind
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    });
  },
  { name: 'mail-queue', dependencies: ['db', 'mail'] },
);
