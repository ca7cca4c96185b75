import fs from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes } from './inline-scripts';

export interface IndexDocument {
  html: string;
  /** CSP hashes of its inline scripts (the theme script). */
  scriptHashes: string[];
}

/**
 * The index.html of a host build, re-read when it changes, so a new host release or build is
 * served without restarting the server.
 */
export function indexDocuments(): (hostDir: string) => IndexDocument | null {
  const documents = htmlDocuments();
  return (hostDir) => documents(path.join(hostDir, 'index.html'));
}

/** Any HTML document the server sends (index.html, a prerendered page), re-read when it changes. */
export function htmlDocuments(): (file: string) => IndexDocument | null {
  const cache = new Map<string, { key: string; doc: IndexDocument }>();
  return (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    const key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    const hit = cache.get(file);
    if (hit?.key === key) return hit.doc;
    const html = fs.readFileSync(file, 'utf8');
    const doc = { html, scriptHashes: inlineScriptHashes(html) };
    cache.set(file, { key, doc });
    return doc;
  };
}
