import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../db/unavailable';
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
 * what has outlived RETENTION_DAYS. One transaction under a PostgreSQL advisory lock, so several API
 * instances on one database never prune at the same time; the timer never keeps the process alive.
 */
export default fp<{ rules?: PruneRule[] }>(
  async (app, opts) => {
    const rules = opts.rules ?? pruneRules;
    let running: Promise<unknown> = Promise.resolve();

    const prune = async (): Promise<Record<string, number> | null> => {
      const now = app.now();
      const cutoff = new Date(now.getTime() - app.config.retentionDays * 24 * 3600 * 1000);
      return app.db.transaction().execute(async (trx) => {
        const lock = await sql<{
          ok: boolean;
        }>`select pg_try_advisory_xact_lock(${sql.lit(PRUNE_LOCK_KEY)}) as ok`.execute(trx);
        if (!lock.rows[0]?.ok) return null;
        const deleted: Record<string, number> = {};
        for (const rule of rules) deleted[rule.table] = await rule.prune(trx, { now, cutoff });
        return deleted;
      });
    };
    const run = () => {
      running = prune().then(
        (deleted) => {
          if (deleted && Object.values(deleted).some((n) => n > 0)) app.log.info({ deleted }, 'pruned old rows');
        },
        (err: unknown) => {
          if (isDatabaseUnavailable(err)) app.dbAvailability.markUnavailable(err);
          else app.log.error({ err }, 'pruning failed; trying again next interval');
        },
      );
      return running;
    };
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
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(interval);
      await running; // the database closes after this hook: let a run in progress finish first
    });
  },
  { name: 'prune', dependencies: ['db'] },
);
