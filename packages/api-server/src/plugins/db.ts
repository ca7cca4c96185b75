import fp from 'fastify-plugin';
import { AdminReads } from '../db/admin-reads';
import type { AuthChangeHandlers } from '../db/auth-notifications';
import type { DbHandle } from '../db/connect';

/**
 * The database opened by buildServer (PGlite data folder or PostgreSQL, migrated), closed on
 * shutdown. It is opened before the plugins load: a first initdb of PGlite can take far longer
 * than Fastify's plugin timeout on a busy machine, and must not be cut short by it.
 */
export default fp<{ handle: DbHandle }>(
  async (app, opts) => {
    const { handle } = opts;
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('adminReads', new AdminReads(handle.adminDb, handle.kind, app.config.adminReads));
    app.decorate('dbAvailability', handle.availability);
    app.decorate('dbAuthWrites', handle.authWrites);
    app.decorate('dbPoolUse', () => handle.poolUse());
    app.decorate('dbAuthChanges', (handlers: AuthChangeHandlers) => handle.listenAuthChanges(handlers));
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'db', dependencies: ['context'] },
);
