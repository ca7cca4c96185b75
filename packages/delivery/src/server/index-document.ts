import fs from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes } from './inline-scripts';

export interface IndexDocument {
  html: string;
  /** CSP hashes of its inline scripts. */
  scriptHashes: string[];
}

/**
 * The host's index.html, re-read when the file changes, so a new host release or
 * build is served without restarting the server.
 */
export function indexDocument(hostDir: string): () => IndexDocument {
  const file = path.join(hostDir, 'index.html');
  let cached: { mtimeMs: number; doc: IndexDocument } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(file, 'utf8');
      cached = { mtimeMs, doc: { html, scriptHashes: inlineScriptHashes(html) } };
    }
    return cached.doc;
  };
}
