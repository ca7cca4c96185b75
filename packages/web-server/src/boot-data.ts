import { encodeBytes, type EncodedFile } from './encoded-files';
import type { IndexDocument } from './index-document';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtime-config';

/** The id of the page's inline JSON the host reads before fetching /config.json and /registry.json. */
export const BOOT_DATA_ID = 'kloof-boot';

/** A JSON text safe inside a <script> element (no `</script>` can end it early). */
const scriptSafe = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A page with what the host needs to choose versions inside it: the runtime config and, when the
 * registry is this server's own /registry.json, the registry as this request sees it. A data block
 * (type application/json): the CSP's script hashes do not apply to it. The preloads of the files it
 * carries are dropped (no request for bytes the page already holds); a registry that is not JSON
 * is left out, and the host fetches it as before.
 */
export function withBootData(html: string, config: RuntimeConfig, registryText: string): string {
  let registry: unknown;
  if (config.registryUrl === defaultRuntimeConfig.registryUrl) {
    try {
      registry = JSON.parse(registryText);
    } catch {
      registry = undefined;
    }
  }
  const carried = registry === undefined ? ['config'] : ['config', 'registry'];
  const boot = `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafe({ config, ...(registry === undefined ? {} : { registry }) })}</script>`;
  const withoutPreloads = html.replace(
    /[ \t]*<link\b[^>]*\bhref="\/(config|registry)\.json"[^>]*>\n?/g,
    (tag, file: string) => (carried.includes(file) ? '' : tag),
  );
  return withoutPreloads.includes('</head>')
    ? withoutPreloads.replace('</head>', `${boot}</head>`)
    : `${boot}${withoutPreloads}`;
}

/**
 * The encoded page with its boot data, made once per document, form and registry text (a release
 * changes the text; requests in between share the bytes).
 */
export function bootDocuments(
  config: RuntimeConfig,
): (doc: IndexDocument, registryText: string, form?: (html: string) => string) => EncodedFile {
  const made = new WeakMap<IndexDocument, Map<string, EncodedFile>>();
  return (doc, registryText, form) => {
    let byText = made.get(doc);
    if (!byText) made.set(doc, (byText = new Map()));
    const key = `${form ? 'form' : 'plain'}:${registryText}`;
    let encoded = byText.get(key);
    if (!encoded) {
      // Only the live registry's forms are kept: an older text's bytes are no longer sent.
      for (const old of byText.keys()) if (!old.endsWith(`:${registryText}`)) byText.delete(old);
      const html = withBootData(doc.html, config, registryText);
      encoded = encodeBytes(Buffer.from(form ? form(html) : html), 'text/html; charset=utf-8');
      byText.set(key, encoded);
    }
    return encoded;
  };
}
