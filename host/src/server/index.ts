import type { PrerenderInput, PrerenderedPage } from './prerender';
import { provideEmptyVisitorStorage } from './visitor-storage';

export type { PrerenderInput, PrerenderedPage } from './prerender';

/**
 * The host's server build (dist/server/main.js): one function the release tool calls. The
 * dynamic import is the async boundary the federation runtime needs to negotiate the shared
 * singletons before React or any page is evaluated.
 */
export async function prerenderPublicPages(input: PrerenderInput): Promise<PrerenderedPage[]> {
  provideEmptyVisitorStorage();
  const { prerenderPublicPages: prerender } = await import('./prerender');
  return prerender(input);
}
