import type { FastifyInstance } from 'fastify';

/** How long answers in flight may take to finish once a stop is asked for. */
export const STOP_GRACE_MS = 5_000;

/**
 * Stops taking new connections, lets answers in flight finish, and after `graceMs` cuts whatever
 * is still open (a browser that stopped reading, a stalled upload): a stop never waits on a client.
 */
export async function stopGracefully(app: FastifyInstance, graceMs = STOP_GRACE_MS): Promise<void> {
  const deadline = setTimeout(() => app.server.closeAllConnections(), graceMs);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
