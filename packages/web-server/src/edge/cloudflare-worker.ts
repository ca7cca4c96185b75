import { isRegistryDocument, type RegistryDocument } from '@kloof/release-registry';
import { routeEdgeRequest } from './host-canary-route';

/**
 * A Cloudflare Worker in front of the releases bucket (R2, bound as RELEASES; PREFIX the releases
 * prefix, e.g. "site/releases/"): the documented edge function for the host canary. Deploy with
 * wrangler (main = this file, an R2 bucket binding named RELEASES). It answers from the objects as
 * stored: their Content-Type and Content-Encoding, the Cache-Control of the route, the object's
 * ETag, and 304 for a matching If-None-Match (R2 evaluates it).
 */

/** The part of an R2 bucket binding this worker uses. */
export interface ReleasesBucket {
  get(
    key: string,
    options?: { onlyIf?: Headers },
  ): Promise<{ httpEtag: string; writeHttpMetadata(headers: Headers): void; body?: ReadableStream | null } | null>;
}

export interface WorkerEnv {
  RELEASES: ReleasesBucket;
  PREFIX?: string;
}

async function readRegistry(env: WorkerEnv): Promise<RegistryDocument | null> {
  const object = await env.RELEASES.get(`${env.PREFIX ?? ''}registry.json`);
  if (!object?.body) return null;
  const parsed: unknown = await new Response(object.body).json();
  return isRegistryDocument(parsed) ? parsed : null;
}

export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const registry = await readRegistry(env);
    const url = new URL(request.url);
    const route = registry
      ? routeEdgeRequest(
          {
            pathname: url.pathname,
            cookie: request.headers.get('cookie'),
            acceptEncoding: request.headers.get('accept-encoding'),
          },
          registry,
        )
      : null;
    for (const key of route?.keys ?? []) {
      const object = await env.RELEASES.get(`${env.PREFIX ?? ''}${key}`, { onlyIf: request.headers });
      if (!object) continue;
      const headers = new Headers();
      object.writeHttpMetadata(headers); // Content-Type, Content-Encoding as stored
      headers.set('ETag', object.httpEtag);
      headers.set('Cache-Control', route!.cacheControl);
      if (route!.vary) headers.set('Vary', route!.vary);
      if (route!.setCookie) headers.append('Set-Cookie', route!.setCookie);
      // No body: the object's ETag matched If-None-Match.
      if (!object.body) return new Response(null, { status: 304, headers });
      return new Response(request.method === 'HEAD' ? null : object.body, {
        headers,
        encodeBody: 'manual',
      } as ResponseInit);
    }
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-cache' } });
  },
};
