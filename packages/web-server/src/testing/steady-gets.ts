import http from 'node:http';

export interface SteadyGetsOptions {
  /** Path requested (default /v1/health). */
  route?: string;
  /** The one status that counts as served (default 200). */
  expected?: number;
  /** Extra request headers (a bearer token). */
  headers?: Record<string, string>;
  clients?: number;
}

/**
 * `clients` clients, each sending its next GET as soon as the previous one is answered (request
 * ids `<prefix>-<n>`, which the API logs); a failure is an answer other than `expected`, or none.
 */
export function steadyGets(site: string, prefix: string, options: SteadyGetsOptions = {}) {
  const { route = '/v1/health', expected = 200, headers = {}, clients = 4 } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const state = { sent: 0, failures: [] as string[], stop: async () => undefined as void };
  let running = true;
  const get = (id: string) =>
    new Promise<void>((resolve) => {
      const req = http.get(`${site}${route}`, { agent, headers: { ...headers, 'x-request-id': id } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== expected) state.failures.push(`${id}: ${res.statusCode}`);
          resolve();
        });
      });
      req.on('error', (err) => {
        state.failures.push(`${id}: ${err.message}`);
        resolve();
      });
    });
  const senders = Array.from({ length: clients }, async () => {
    while (running) await get(`${prefix}-${++state.sent}`);
  });
  state.stop = async () => {
    running = false;
    await Promise.all(senders);
    agent.destroy();
  };
  return state;
}
