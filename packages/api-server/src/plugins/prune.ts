import { setImmediate as yieldToRequests } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../db/unavailable';
import { pruneMailFolder } from '../lib/mail-folder';
import { pruneRules, type PruneRule } from '../maintenance/prune-rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the pruning job once now; returns rows deleted per table (null: another instance was pruning). */
    prune(): Promise<Record<string, number> | null>;
  }
}

/** Arbitrary constant shared by every instance: the advisory lock that makes one of them prune at a time. */
const PRUNE_LOCK_KEY = 7_213_001;
/** The first run comes soon after start (restarts must not postpone it for ever), then every interval. */
const FIRST_RUN_MAX_MS = 60_000;

/**
 * The pruning job: every PRUNE_INTERVAL_SECONDS it deletes, table by table (maintenance/prune-rules),
 * what has outlived RETENTION_DAYS. Each table on its own, PRUNE_BATCH_ROWS rows per statement, each
 * statement its own transaction, with a turn for waiting requests between two: a backlog of any size
 * clears without a statement near the timeout, a table that fails is logged and the others still go,
 * and a stop (close, crash) loses nothing: the next run goes on. A PostgreSQL advisory lock held on
 * the job's connection makes several API instances on one database take turns; the timer never keeps
 * the process alive, and a close stops the job after its current statement.
 */
export default fp<{ rules?: PruneRule[] }>(
  async (app, opts) => {
    const rules = opts.rules ?? pruneRules;
    const inFlight = new Set<Promise<unknown>>();
    let stopping = false;

    /** The mail folder's files past MAIL_RETENTION_DAYS; a failure is logged like a table's. */
    const pruneMails = async (now: Date) => {
      const before = new Date(now.getTime() - app.config.mailRetentionDays * 24 * 3600 * 1000);
      try {
        return await pruneMailFolder(app.config.mailDir, before);
      } catch (err) {
        app.log.error(
          { err, dir: app.config.mailDir },
          'pruning the mail folder failed; it is tried again next interval',
        );
        return 0;
      }
    };
    const pruneOnce = async (): Promise<Record<string, number> | null> => {
      const now = app.now();
      const cutoff = new Date(now.getTime() - app.config.retentionDays * 24 * 3600 * 1000);
      const at = { now, cutoff, refreshGraceMs: app.config.refreshGraceSeconds * 1000 };
      return app.db.connection().execute(async (conn) => {
        const lock = await sql<{
          ok: boolean;
        }>`select pg_try_advisory_lock(${sql.lit(PRUNE_LOCK_KEY)}) as ok`.execute(conn);
        if (!lock.rows[0]?.ok) return null;
        try {
          const deleted: Record<string, number> = {};
          for (const rule of rules) {
            if (stopping) break;
            let count = 0;
            try {
              for await (const n of rule.batches(conn, at, app.config.pruneBatchRows)) {
                count += n;
                if (stopping) break;
                await yieldToRequests();
              }
            } catch (err) {
              if (isDatabaseUnavailable(err)) throw err;
              app.log.error(
                { err, table: rule.table, deleted: count },
                'pruning a table failed; the other tables go on, it is tried again next interval',
              );
            }
            deleted[rule.table] = count;
          }
          if (app.mailer.mode === 'folder' && !stopping) deleted.mail_files = await pruneMails(now);
          return deleted;
        } finally {
          await sql`select pg_advisory_unlock(${sql.lit(PRUNE_LOCK_KEY)})`.execute(conn).catch(() => {
            // the connection is gone, and its lock with it
          });
        }
      });
    };
    const prune = () => {
      const job = pruneOnce();
      const settled = job.catch(() => undefined).finally(() => inFlight.delete(settled));
      inFlight.add(settled);
      return job;
    };
    const run = () =>
      prune().then(
        (deleted) => {
          if (deleted && Object.values(deleted).some((n) => n > 0)) app.log.info({ deleted }, 'pruned old rows');
        },
        (err: unknown) => {
          if (isDatabaseUnavailable(err)) app.dbAvailability.markUnavailable(err);
          else app.log.error({ err }, 'pruning failed; trying again next interval');
        },
      );
    app.decorate('prune', prune);

    const intervalMs = app.config.pruneIntervalSeconds * 1000;
    let interval: NodeJS.Timeout | undefined;
    const first = setTimeout(
      () => {
        void run();
        interval = setInterval(() => void run(), intervalMs);
        interval.unref();
      },
      Math.min(intervalMs, FIRST_RUN_MAX_MS),
    );
    first.unref();
    // A stop is seen at once (preClose comes before the server waits for its open requests), so a
    // run in progress ends after its current statement rather than going on through the backlog.
    app.addHook('preClose', async () => {
      clearTimeout(first);
      clearInterval(interval);
      stopping = true;
    });
    app.addHook('onClose', async () => {
      // The database closes after this hook: let the statements in progress finish first.
      await Promise.all(inFlight);
    });
  },
  { name: 'prune', dependencies: ['db', 'mail'] },
);
