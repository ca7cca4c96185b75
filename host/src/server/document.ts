import { EARLY_SUBMIT_GUARD } from '../federation/early-submit';
import { PRERENDERED_ATTRIBUTE } from '../app/prerendered-root';

/** The parts of one prerendered page that go into the host's index.html. */
export interface DocumentParts {
  /** The URL path the page was rendered for (the client hydrates only at that path). */
  path: string;
  head: string;
  styles: string;
  body: string;
  /**
   * The page's forms send only through the app (sign-in, sign-up): without script the page says
   * it needs JavaScript, as the pages that are not prerendered do, instead of a form that cannot work.
   */
  needsJavaScript?: boolean;
}

// The generic head tags of index.html that every page replaces with its own.
const GENERIC_HEAD = [
  /<title>[\s\S]*?<\/title>/i,
  /<meta\s+name=["']?description["']?[^>]*>/i,
  /<meta\s+property=["']?og:type["']?[^>]*>/i,
];
const ROOT = /<div\s+id=["']?root["']?\s*><\/div>/i;
/** What the host's JavaScript start needs: its entry script and the preloads of its chunks and data. */
const STARTUP_TAGS = /<link\s[^>]*\brel=["']?preload["']?[^>]*>|<script\s[^>]*\bsrc=[^>]*>\s*<\/script>/gi;

/** index.html's word for pages that run in the browser only; a prerendered page reads without script. */
const APP_NEEDS_JAVASCRIPT = /<noscript\s+id=["']?app-needs-javascript["']?[^>]*>[\s\S]*?<\/noscript>/i;

/** Without script, a page that needs it shows index.html's notice in place of its own content. */
const HIDDEN_WITHOUT_SCRIPT = '<noscript><style>#root{display:none}</style></noscript>';

/** The inert element that holds the startup tags until the page has painted. */
export const AFTER_PAINT_ID = 'after-first-paint';

/**
 * Moves the startup tags into the document once the browser has painted the page (the frame
 * after the first animation frame). A prerendered page is complete without script, so nothing it
 * shows waits for JavaScript; requested from the head, the scripts and preloads would compete
 * with the first paint (a slow phone parses them first, and they sit on the page's critical path).
 */
export const AFTER_PAINT_LOADER = `requestAnimationFrame(function(){setTimeout(function(){var t=document.getElementById("${AFTER_PAINT_ID}");t&&document.head.appendChild(document.importNode(t.content,!0))})})`;

/**
 * The live host's index.html with one page in it: the page's head tags and critical CSS at the
 * end of the head (after the theme script, so the theme is set before the CSS applies), its
 * markup inside #root. The theme script stays as the host built it; the host's scripts and
 * preloads wait in a <template> until after the first paint, and a form sent before the app runs
 * is held for it (early-submit.ts). The app pages' "needs JavaScript" notice goes (this page reads
 * without script), unless the page's forms need it.
 */
export function pageDocument(indexHtml: string, parts: DocumentParts): string {
  if (!ROOT.test(indexHtml) || !/<\/head>/i.test(indexHtml)) {
    throw new Error('index.html has no empty <div id="root"></div> or no </head>: not a host build.');
  }
  let html = GENERIC_HEAD.reduce((text, pattern) => text.replace(pattern, ''), indexHtml);
  if (!parts.needsJavaScript) html = html.replace(APP_NEEDS_JAVASCRIPT, '');
  const noScript = parts.needsJavaScript ? HIDDEN_WITHOUT_SCRIPT : '';
  const startup = html.match(STARTUP_TAGS) ?? [];
  html = html.replace(STARTUP_TAGS, '');
  // Functions as replacements: `$` in page text is never a replacement pattern.
  html = html.replace(
    /<\/head>/i,
    () =>
      `${parts.head}${parts.styles}${noScript}<template id="${AFTER_PAINT_ID}">${startup.join('')}</template></head>`,
  );
  const attribute = `${PRERENDERED_ATTRIBUTE}="${parts.path.replace(/[&"<>]/g, '')}"`;
  return html.replace(
    ROOT,
    () => `<div id="root" ${attribute}>${parts.body}</div><script>${AFTER_PAINT_LOADER};${EARLY_SUBMIT_GUARD}</script>`,
  );
}
