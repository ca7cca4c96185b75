import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import { cacheControlFor } from './cache-policy';
import { indexDocument } from './index-document';
import { registerSecurityHeaders } from './security-headers';

export interface StaticServerOptions {
  /** Built host folder (index.html and its assets). */
  hostDir: string;
  /** Remote name -> its built folder, served under /remotes/<name>/. */
  remoteDirs: Record<string, string>;
  /** API origin the page calls; '' = same origin through the proxy. */
  apiHost: string;
  /** Where /v1 is proxied to when the API is same-origin. */
  apiUpstream?: string;
  /** Served over https (enables HSTS). */
  https?: boolean;
  logger?: boolean;
}

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', cacheControlFor(path.basename(filePath)));
}

/** The production static server: host with SPA fallback, every remote, runtime config, API proxy. */
export async function buildStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const index = indexDocument(options.hostDir);

  await registerSecurityHeaders(app, {
    connectSources: options.apiHost ? [options.apiHost] : [],
    scriptHashes: () => index().scriptHashes,
    hsts: options.https ?? false,
  });
  await app.register(compress, { global: true, threshold: 1024 });

  if (!options.apiHost && options.apiUpstream) {
    await app.register(httpProxy, { upstream: options.apiUpstream, prefix: '/v1', rewritePrefix: '/v1' });
  }

  app.get('/config.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { apiHost: options.apiHost };
  });
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return Object.fromEntries(
      Object.keys(options.remoteDirs).map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
    );
  });

  for (const [name, dir] of Object.entries(options.remoteDirs)) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }
  await app.register(fastifyStatic, {
    root: options.hostDir,
    prefix: '/',
    cacheControl: false,
    setHeaders: setCacheHeaders,
    index: false,
    wildcard: true,
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(index().html);

  app.get('/', async (_req, reply) => sendIndex(reply));
  // SPA fallback: any unknown page path gets the host; unknown files stay 404.
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      req.method === 'GET' &&
      !path.extname(req.url.split('?')[0] ?? '') &&
      !req.url.startsWith('/remotes/') &&
      !req.url.startsWith('/v1/');
    if (wantsPage) return sendIndex(reply);
    return reply.code(404).header('Cache-Control', 'no-cache').send({ message: 'Not found' });
  });
  return app;
}
