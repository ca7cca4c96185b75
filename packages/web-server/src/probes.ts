import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { isRegistryDocument } from '@kloof/release-registry';
import type { Site } from './site';
import type { Upstreams } from './upstreams';

/** An API that has not answered /readyz by then counts as not ready: a probe must answer fast. */
const UPSTREAM_TIMEOUT_MS = 2_000;

/** The one word /readyz names when this server cannot serve (nothing more: no versions, paths or errors). */
export type NotReadyReason = 'releases' | 'api';

/** GET <origin>/readyz on its own connection: true for a 2xx within the timeout. */
function apiReady(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = origin.startsWith('https:') ? https : http;
    const request = client.get(
      new URL('/readyz', origin),
      { agent: false, timeout: UPSTREAM_TIMEOUT_MS },
      (response) => {
        response.resume();
        resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300);
      },
    );
    request.on('timeout', () => request.destroy(new Error('readiness check timed out')));
    request.on('error', () => resolve(false));
  });
}

function releasesReadable(site: Site): boolean {
  try {
    return isRegistryDocument(JSON.parse(site.registry())) && site.hostDir() !== null;
  } catch {
    return false;
  }
}

/**
 * Probes for an orchestrator, never logged:
 * - GET /livez: 200 while the process runs;
 * - GET /readyz: 200 when it can serve: its registry is readable with a live host, and (when it
 *   proxies /v1) one API upstream answers its own /readyz; else 503 with one word.
 */
export function registerProbes(app: FastifyInstance, site: Site, upstreams: Upstreams | null): void {
  const probe = { logLevel: 'silent' } as const;
  app.get('/livez', probe, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );
  app.get('/readyz', probe, async (_request, reply) => {
    let reason: NotReadyReason | null = null;
    if (!releasesReadable(site)) reason = 'releases';
    else if (upstreams && !(await Promise.all(upstreams.origins.map(apiReady))).some(Boolean)) reason = 'api';
    void reply.header('cache-control', 'no-store');
    return reason ? reply.code(503).send({ status: 'not-ready', reason }) : { status: 'ready' };
  });
}
