import type { FastifyReply } from 'fastify';
import { seedCookie } from '@kloof/release-registry';
import { bootDocuments } from './boot-data';
import { notFoundDocument } from './known-routes';
import type { RuntimeConfig } from './runtime-config';
import { sendEncoded } from './send-encoded';
import type { RequestView } from './site-view';

/**
 * The kloof-canary cookie chooses the host (canary or stable) and whether a page is served
 * prerendered: what it chose varies by Cookie, so no shared cache hands one browser's choice to another.
 */
export const BY_COOKIE = 'Cookie';

/**
 * The answer to a page request: the page prerendered for the browser's versions (with its own
 * status), else the live host's index.html (the SPA shell); for a path the host has no route
 * for, its not-found page with 404 and noindex; 503 while no host is live. A browser without a
 * seed gets one (Set-Cookie), so its host and remote versions stay the same on every load.
 */
export function pageAnswer(options: {
  /** Served over https (the seed cookie is Secure). */
  https: boolean;
  /** Where the releases come from, for the 503's one line. */
  describeSite: () => string;
  /** Carried in every page (boot-data.ts), so the host fetches no /config.json. */
  runtimeConfig: RuntimeConfig;
}): (reply: FastifyReply, view: RequestView) => FastifyReply {
  // Each document with its boot data; the 404 form (noindex) too: derived once per registry text.
  const withBoot = bootDocuments(options.runtimeConfig);
  return (reply, view) => {
    if (!view.index) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(`No host is live in ${options.describeSite()}. Release it: pnpm release host`);
    }
    // Under https the seed is sent back over https only.
    const https = options.https || reply.request.protocol === 'https';
    if (view.newSeed) reply.header('Set-Cookie', seedCookie(view.newSeed) + (https ? '; Secure' : ''));
    reply.header('Cache-Control', 'no-cache');
    if (view.unknown) {
      return sendEncoded(
        reply.request,
        reply.code(404).header('X-Robots-Tag', 'noindex'),
        withBoot(view.index, view.registry.text, notFoundDocument),
        BY_COOKIE,
      );
    }
    return sendEncoded(
      reply.request,
      reply.code(view.page?.status ?? 200),
      withBoot(view.index, view.registry.text),
      BY_COOKIE,
    );
  };
}
