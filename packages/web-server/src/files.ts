import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isSourceMap } from '@kloof/release-registry';
import { cacheControlFor, isHashedName } from './cache-policy';
import type { EncodedFile } from './encoded-files';
import { BY_COOKIE } from './pages';
import { sendEncoded } from './send-encoded';
import { safeRelative, type Site, type SiteFile } from './site';
import type { RequestView } from './site-view';

export interface FilesOptions {
  site: Site;
  /** A site file's bytes in every stored encoding (null: no such file). */
  fileOf: (file: SiteFile) => EncodedFile | null;
  /** /config.json, made once at start. */
  configJson: EncodedFile;
  viewOf: (req: IncomingMessage) => RequestView;
  /** The answer to a page request (pages.ts): the catch-all route hands page paths to it. */
  page: (reply: FastifyReply, view: RequestView) => FastifyReply;
}

/** An app's server build (`server/`) renders pages at release time; it is never sent to a browser. */
function isServerBuild(file: string): boolean {
  return file === 'server' || file.startsWith('server/');
}

/**
 * Every file the site serves, as the release tool stored it (or compressed once on first use, never
 * per request): /config.json, /registry.json, remote versions under /remotes/, and the chosen
 * host's files at / (a hashed one from an older host too: a page loaded before a host release
 * still gets its chunks). A path that is a page, or no file and no extension (the SPA fallback),
 * goes to the page answer. Never a source map or a server build.
 */
export const files: FastifyPluginAsync<FilesOptions> = async (scope, options) => {
  const { site, fileOf, viewOf, page } = options;
  const sendFile = (reply: FastifyReply, file: SiteFile, encoded: EncodedFile, vary?: string) =>
    sendEncoded(reply.request, reply.header('Cache-Control', cacheControlFor(path.basename(file.file))), encoded, vary);
  const notFound = (reply: FastifyReply, message = 'Not found') =>
    reply
      .code(404)
      .header('Cache-Control', 'no-cache')
      .send({ statusCode: 404, code: 'not_found', error: 'Not Found', message });

  scope.get('/config.json', async (req, reply) =>
    sendEncoded(req, reply.header('Cache-Control', 'no-cache'), options.configJson),
  );
  scope.get('/registry.json', async (req, reply) =>
    sendEncoded(req, reply.header('Cache-Control', 'no-cache'), viewOf(req.raw).registry.encoded),
  );

  scope.get('/remotes/*', async (req, reply) => {
    // A remote may be loaded by a page on another origin (a team's own CDN): allow it.
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    const rest = safeRelative((req.params as { '*': string })['*']);
    const file = rest && !isSourceMap(rest) ? site.remoteFile(rest) : null;
    if (file && isServerBuild(file.file)) return notFound(reply);
    const encoded = file ? fileOf(file) : null;
    if (!file || !encoded) return notFound(reply);
    return sendFile(reply, file, encoded);
  });

  scope.get('/*', async (req, reply) => {
    const view = viewOf(req.raw);
    const rest = safeRelative((req.params as { '*': string })['*']);
    if (rest === null || isServerBuild(rest) || isSourceMap(rest)) return notFound(reply);
    // A public page prerendered for the live versions: its HTML, complete without any script.
    if (view.page || rest === '' || rest === 'index.html') return page(reply, view);
    const hashed = isHashedName(path.basename(rest));
    const live = view.hostDir ? { root: view.hostDir, file: rest } : null;
    const encoded = live ? fileOf(live) : null;
    if (live && encoded) {
      // sw.js, mf-manifest.json…: the chosen host's own; a hashed name is the same file in every host.
      return sendFile(reply, live, encoded, hashed ? undefined : BY_COOKIE);
    }
    // A page loaded before a host release asks for its own hashed chunks: older builds keep them.
    if (hashed) {
      for (const root of site.allHostDirs()) {
        const older = fileOf({ root, file: rest });
        if (older) return sendFile(reply, { root, file: rest }, older);
      }
    }
    // SPA fallback: a path without a file extension is a page of the host.
    if (!path.extname(rest) && !rest.startsWith('v1/') && rest !== 'v1') return page(reply, view);
    return notFound(reply);
  });
};
