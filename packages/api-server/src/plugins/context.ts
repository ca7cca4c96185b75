import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Clock } from '../types';

/** Makes the validated config and the clock (injectable for tests) available everywhere. */
export default fp<{ config: Config; now: Clock }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('now', opts.now);
  },
  { name: 'context' },
);
