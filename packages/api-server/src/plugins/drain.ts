import fp from 'fastify-plugin';
import { ERROR_TEXTS } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Graceful stop, step one: requests already received finish; requests that arrive from now on
     * get a clean 503 with `Connection: close`; resolves once nothing is in flight and no client is
     * likely to come back: at once on a quiet server, QUIET_MS after the last answer otherwise, at
     * most LATECOMER_WINDOW_MS after the work from before the stop under steady traffic; or after
     * `budgetMs`. Then `close()` stops the listener and the database.
     */
    drain(budgetMs: number): Promise<{ finished: boolean; inFlight: number }>;
  }
  interface FastifyRequest {
    arrivedWhileDraining: boolean;
  }
  interface FastifyContextConfig {
    /** The route gives its own answer while draining (health: a 503 in its own schema). */
    answersWhileDraining?: boolean;
  }
}

/**
 * A keep-alive client sends its next request on the same socket right after an answer. At the start
 * of a stop, a server that has seen no request or answer for this long has no such client in the
 * middle of that step, and stops at once.
 */
const KEEP_ALIVE_GAP_MS = 100;
/**
 * Once the stop has closed a socket with an answer (`Connection: close`), its client reconnects for
 * the next request it had queued; on a busy machine that takes a moment, and it should meet a 503,
 * not a closed port. So the listener stays open until no request has come or gone for QUIET_MS...
 */
const QUIET_MS = 1000;
/**
 * ...but never longer than this after the last request that arrived before the stop has been
 * answered: steady traffic never goes quiet, and its latecomers must not hold the stop for the
 * whole budget.
 */
const LATECOMER_WINDOW_MS = 2000;
const POLL_MS = 25;

export const SHUTTING_DOWN = {
  statusCode: 503,
  code: 'server_restarting',
  message: ERROR_TEXTS.server_restarting,
  error: 'Service Unavailable',
} as const;

/**
 * Why not just `app.close()`: Node closes idle keep-alive sockets at once, so a request a client is
 * sending at that moment is reset, and requests queued behind a closed socket fail. Draining first
 * answers every request (its real answer, or 503 for latecomers) and closes each keep-alive socket
 * with its last response, so `close()` finds nothing left to cut.
 */
export default fp(
  async (app) => {
    let draining = false;
    let inFlight = 0;
    /** Requests received before the stop began and not yet answered: the work a stop waits for. */
    let inFlightFromBefore = 0;
    /** Last time a request arrived or was answered. */
    let lastActivity = 0;
    /** Whether the stop has closed a socket with an answer (its client may come back on a new one). */
    let closedWithAnswer = false;
    app.decorateRequest('arrivedWhileDraining', false);

    // Callback hooks, not async ones: they run on every request (no promise and microtask each).
    app.addHook('onRequest', (request, reply, done) => {
      const fromBefore = !draining;
      inFlight++;
      if (fromBefore) inFlightFromBefore++;
      lastActivity = Date.now();
      reply.raw.once('close', () => {
        inFlight--;
        if (fromBefore) inFlightFromBefore--;
        lastActivity = Date.now();
        if (draining) closedWithAnswer = true;
      });
      request.arrivedWhileDraining = draining;
      done();
    });
    // After the body is read: answering before it would leave unread bytes, and closing a socket with
    // unread bytes makes the kernel send a reset that can destroy the answer on its way.
    app.addHook('preValidation', (request, reply, done) => {
      if (request.arrivedWhileDraining && !request.routeOptions.config.answersWhileDraining) {
        void reply.code(503).header('connection', 'close').header('retry-after', '5').send(SHUTTING_DOWN);
        return;
      }
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });

    const sleep = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

    app.decorate('drain', async (budgetMs: number) => {
      draining = true;
      const deadline = Date.now() + budgetMs;
      while (inFlightFromBefore > 0) {
        if (Date.now() >= deadline) return { finished: false, inFlight };
        await sleep();
      }
      const windowEnds = Math.min(deadline, Date.now() + LATECOMER_WINDOW_MS);
      for (;;) {
        const quiet = Date.now() - lastActivity >= (closedWithAnswer ? QUIET_MS : KEEP_ALIVE_GAP_MS);
        if (inFlight === 0 && (quiet || Date.now() >= windowEnds)) {
          // Nobody is waiting for an answer: idle keep-alive sockets close now, not at their timeout.
          app.server.closeIdleConnections();
          return { finished: true, inFlight };
        }
        if (Date.now() >= deadline) return { finished: false, inFlight };
        await sleep();
      }
    });
  },
  { name: 'drain' },
);
