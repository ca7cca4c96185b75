import fp from 'fastify-plugin';
import { connectDatabase, migrateToLatest, type ConnectOptions } from '../db/connect';

/** Opens PGlite (data folder) or PostgreSQL (DATABASE_URL), applies migrations, closes on shutdown. */
export default fp<ConnectOptions>(
  async (app, opts) => {
    const handle = await connectDatabase(app.config, opts);
    try {
      const applied = await migrateToLatest(handle.db, app.config);
      if (applied.length) app.log.info({ applied, database: handle.kind }, 'database migrated');
    } catch (err) {
      await handle.close();
      throw err;
    }
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'db', dependencies: ['context'] },
);
