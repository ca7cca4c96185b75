import { PRERENDERED_ATTRIBUTE } from '../app/prerendered-root';

/** The parts of one prerendered page that go into the host's index.html. */
export interface DocumentParts {
  /** The URL path the page was rendered for (the client hydrates only at that path). */
  path: string;
  head: string;
  styles: string;
  body: string;
}

// The generic head tags of index.html that every page replaces with its own.
const GENERIC_HEAD = [
  /<title>[\s\S]*?<\/title>/i,
  /<meta\s+name=["']?description["']?[^>]*>/i,
  /<meta\s+property=["']?og:type["']?[^>]*>/i,
];
const ROOT = /<div\s+id=["']?root["']?\s*><\/div>/i;

/**
 * The live host's index.html with one page in it: the page's head tags and critical CSS at the
 * end of the head (after the theme script, so the theme is set before the CSS applies), its
 * markup inside #root. Scripts, preloads and the theme script stay exactly as the host built them.
 */
export function pageDocument(indexHtml: string, parts: DocumentParts): string {
  if (!ROOT.test(indexHtml) || !/<\/head>/i.test(indexHtml)) {
    throw new Error('index.html has no empty <div id="root"></div> or no </head>: not a host build.');
  }
  let html = GENERIC_HEAD.reduce((text, pattern) => text.replace(pattern, ''), indexHtml);
  // Functions as replacements: `$` in page text is never a replacement pattern.
  html = html.replace(/<\/head>/i, () => `${parts.head}${parts.styles}</head>`);
  const attribute = `${PRERENDERED_ATTRIBUTE}="${parts.path.replace(/[&"<>]/g, '')}"`;
  return html.replace(ROOT, () => `<div id="root" ${attribute}>${parts.body}</div>`);
}
