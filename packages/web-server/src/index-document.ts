import { encodedFiles, type EncodedFile } from './encoded-files';
import { inlineScriptHashes } from './inline-scripts';

export interface IndexDocument {
  html: string;
  /** CSP hashes of its inline scripts (the theme script). */
  scriptHashes: string[];
  /** Its bytes in every stored encoding, ready to send. */
  encoded: EncodedFile;
}

/** Any HTML document the server sends (index.html, a prerendered page), re-read when it changes. */
export function htmlDocuments(
  files: (file: string) => EncodedFile | null = encodedFiles(),
): (file: string) => IndexDocument | null {
  const documents = new WeakMap<EncodedFile, IndexDocument>();
  return (file) => {
    const encoded = files(file);
    if (!encoded) return null;
    let doc = documents.get(encoded);
    if (!doc) {
      const identity = encoded.variants.get('identity')!;
      // Pages are small: always held in memory (encoded-files holds files up to 1 MiB).
      const html = identity.body ? identity.body.toString('utf8') : '';
      doc = { html, scriptHashes: inlineScriptHashes(html), encoded };
      documents.set(encoded, doc);
    }
    return doc;
  };
}
