import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Graceful stop, step one: requests already received finish; requests that arrive from now on
     * get a clean 503 with `Connection: close`; resolves when nothing is in flight and the clients
     * have gone quiet, or after `budgetMs`. Then `close()` stops the listener and the database.
     */
    drain(budgetMs: number): Promise<{ finished: boolean; inFlight: number }>;
  }
  interface FastifyRequest {
    arrivedWhileDraining: boolean;
  }
}

/**
 * How long no new request must arrive before the listener and idle keep-alive sockets close: a
 * client whose socket was just closed with a response reconnects for its next queued request, and
 * on a busy machine that takes a moment; it should meet a 503, not a closed port.
 */
const QUIET_MS = 1000;

export const SHUTTING_DOWN = {
  statusCode: 503,
  message: 'The server is restarting. Please try again in a moment.',
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
    let lastArrival = 0;
    app.decorateRequest('arrivedWhileDraining', false);

    app.addHook('onRequest', async (request, reply) => {
      inFlight++;
      lastArrival = Date.now();
      reply.raw.once('close', () => inFlight--);
      request.arrivedWhileDraining = draining;
    });
    // After the body is read: answering before it would leave unread bytes, and closing a socket with
    // unread bytes makes the kernel send a reset that can destroy the answer on its way.
    app.addHook('preValidation', async (request, reply) => {
      if (request.arrivedWhileDraining) {
        return reply.code(503).header('connection', 'close').header('retry-after', '5').send(SHUTTING_DOWN);
      }
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });

    app.decorate('drain', async (budgetMs: number) => {
      draining = true;
      lastArrival = Math.max(lastArrival, Date.now()); // a client mid-send gets a moment to be answered
      const deadline = Date.now() + budgetMs;
      for (;;) {
        const quiet = inFlight === 0 && Date.now() - lastArrival >= QUIET_MS;
        if (quiet) return { finished: true, inFlight };
        if (Date.now() >= deadline) return { finished: false, inFlight };
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
  },
  { name: 'drain' },
);
