import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { App } from '../app/App';
import { importPage } from '../federation/page-import';
import { rememberPage } from '../federation/loaded-pages';
import { remoteId } from '../federation/remote-id';
import { pageDocument } from './document';
import { headTags } from './head-tags';
import { publicPages, type PageRemote, type PublicPage } from './public-pages';

export interface PrerenderInput {
  /** The live host's index.html, which every page is written into. */
  indexHtml: string;
  /** Remote name -> URL of the remote's server entry (its released `server/remoteEntry.js`). */
  serverRemotes: Record<string, string>;
  /** The site's public origin, for canonical and Open Graph URLs (no trailing slash). */
  origin: string;
  /** Whose pages to render (marketing when not given: release tools before auth pages were prerendered). */
  remote?: PageRemote;
}

export interface PrerenderedPage {
  path: string;
  file: string;
  status: number;
  html: string;
}

/** The page-level JSON-LD a remote page may export beside its component (a JobPosting). */
async function loadRemotePage(page: PublicPage): Promise<readonly object[]> {
  if (!page.route) return [];
  const id = remoteId(page.route.remote, page.route.module);
  const loaded = await importPage(id);
  // Remembered pages render without Suspense: the whole page is in the HTML.
  rememberPage(id, loaded.default);
  return loaded.structuredData ? [loaded.structuredData] : [];
}

function renderPage(path: string): { body: string; styles: string } {
  // One cache per page: its critical CSS is exactly what this page uses. The key is the browser
  // default's, so the client's Emotion adopts these styles instead of inserting them again.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const server = createEmotionServer(cache);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const body = renderToString(
    <CacheProvider value={cache}>
      <App Router={Router} />
    </CacheProvider>,
  );
  return { body, styles: server.constructStyleTagsFromChunks(server.extractCriticalToChunks(body)) };
}

/**
 * Renders every public page with the released remotes (loaded through the federation runtime,
 * as the browser loads them) into the live host's index.html.
 */
export async function prerenderPublicPages({
  indexHtml,
  serverRemotes,
  origin,
  remote = 'marketing',
}: PrerenderInput): Promise<PrerenderedPage[]> {
  registerRemotes(
    Object.entries(serverRemotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  const site = origin.replace(/\/$/, '');
  const rendered: PrerenderedPage[] = [];
  for (const page of publicPages(remote)) {
    const structuredData = await loadRemotePage(page);
    const { body, styles } = renderPage(page.path);
    const head = headTags({
      meta: page.meta,
      url: page.status === 200 ? `${site}${page.path === '/' ? '/' : page.path}` : undefined,
      origin: site,
      structuredData,
    });
    rendered.push({
      path: page.path,
      file: page.file,
      status: page.status,
      html: pageDocument(indexHtml, { path: page.path, head, styles, body, needsJavaScript: page.needsJavaScript }),
    });
  }
  return rendered;
}
