import { pageModuleFiles, type RemoteManifest } from './page-files';

/** What preloading a page's module uses (fetch and the page's head in the app; a test's in tests). */
export interface PagePreloadEnv {
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  append?: (link: HTMLLinkElement) => void;
}

/**
 * Starts downloading a page's own chunks while its remote's entry still travels, instead of after
 * the entry ran: reads the remote's manifest (with the hash its release pins, so a changed
 * manifest names no file) and preloads each chunk as the entry will ask for it, with its pinned
 * hash and so in CORS mode (one download). Returns the URLs preloaded; a manifest that cannot be
 * read preloads nothing, and the runtime loads the page as before.
 */
export async function preloadPageModule(
  manifestUrl: string,
  manifestIntegrity: string | undefined,
  page: string,
  env: PagePreloadEnv = {},
): Promise<string[]> {
  const send = env.fetch ?? ((url, init) => fetch(url, init));
  let manifest: RemoteManifest;
  try {
    const response = await send(manifestUrl, manifestIntegrity ? { integrity: manifestIntegrity } : {});
    if (!response.ok) return [];
    manifest = (await response.json()) as RemoteManifest;
  } catch {
    return [];
  }
  const files = pageModuleFiles(manifestUrl, manifest, page);
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = file.url;
    if (file.integrity) {
      link.setAttribute('integrity', file.integrity);
      link.setAttribute('crossorigin', 'anonymous');
    }
    (env.append ?? ((added) => document.head.append(added)))(link);
  }
  return files.map((file) => file.url);
}
