import { Strategy, type StrategyHandler, type StrategyOptions } from 'workbox-strategies';
import { matchesIntegrity } from './subresource-integrity';

/** Where the strategy learns the hash a request's file must have (undefined: not pinned). */
export interface PinnedHashes {
  of(url: string): Promise<string | undefined>;
  forget(url: string): void;
}

/**
 * Cache first for content-hashed files, but never a tampered one: when a file is pinned (the hash
 * its request carries, else the one its release's manifest lists), a cached copy is used only if
 * it still matches, a copy that does not is dropped, and a downloaded file is stored only after
 * it matched. A mismatch from the network is asked for once more past the browser's HTTP cache (a
 * fixed file on the server replaces a bad copy kept there as immutable). A file that still fails
 * goes to the page unstored, where the browser's own check refuses it, marked `no-store`: the
 * tab's memory cache would otherwise hand the refused bytes to the next load without asking here.
 */
export class VerifiedCacheFirst extends Strategy {
  constructor(
    private readonly pinned: PinnedHashes,
    options: StrategyOptions,
  ) {
    super(options);
  }

  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const expected = request.integrity || (await this.pinned.of(request.url));
    const cached = await handler.cacheMatch(request);
    if (cached && (!expected || (await passes(cached, expected)))) return cached;
    if (cached) await (await caches.open(this.cacheName)).delete(request, { ignoreVary: true });

    // Our own check, so the browser's does not turn a mismatch into a network error we cannot retry.
    const unchecked = new Request(request, { integrity: '' });
    let response = await handler.fetch(unchecked);
    if (expected && !(await passes(response, expected))) {
      this.pinned.forget(request.url);
      response = await handler.fetch(new Request(unchecked, { cache: 'reload' }));
      if (!(await passes(response, expected))) return notForReuse(response);
    }
    await handler.cachePut(request, response.clone());
    return response;
  }
}

/** The same response, which no cache of the page may hand out again. */
function notForReuse(response: Response): Response {
  if (response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A readable response whose bytes match; an opaque one (no CORS) cannot be checked, so it fails. */
async function passes(response: Response, integrity: string): Promise<boolean> {
  if (response.type === 'opaque' || !response.ok) return false;
  return matchesIntegrity(await response.clone().arrayBuffer(), integrity);
}
