import { describe, expect, it, jest } from '@jest/globals';
import { APP_READY_ATTRIBUTE, EARLY_SUBMIT_GUARD, sendEarlySubmit } from '../federation/early-submit';
import { AFTER_PAINT_ID, AFTER_PAINT_LOADER, pageDocument } from './document';

/** The shape of the host's built index.html: theme script, data and chunk preloads, entry script. */
const indexHtml = [
  '<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><title>Kloof Digital</title>',
  '<meta name="description" content="Kloof Digital"><meta property="og:type" content="webapp">',
  '<link rel="preload" href="/config.json" as="fetch" crossorigin>',
  '<script>document.documentElement.dataset.theme="light"</script>',
  '<link as="script" fetchpriority="high" href="/main.abc.js" rel="preload">',
  '<link as="script" fetchpriority="low" href="/124.def.js" rel="preload">',
  '<script defer src="/main.abc.js"></script></head><body><div id="root"></div>',
  '<noscript id="app-needs-javascript"><main><h1>This page needs JavaScript</h1></main></noscript></body></html>',
].join('');

const parts = {
  path: '/pricing',
  head: '<title>Pricing | Kloof Digital</title>',
  styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
  body: '<main><h1>Clear pricing, in $rand</h1></main>',
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('pageDocument', () => {
  it("puts the page's head tags, critical CSS and markup into the host's document", () => {
    const doc = parse(pageDocument(indexHtml, parts));
    expect(doc.title).toBe('Pricing | Kloof Digital');
    expect(doc.querySelector('meta[property="og:type"]')).toBeNull();
    expect(doc.head.querySelector('style[data-emotion]')?.textContent).toContain('.css-abc');
    expect(doc.getElementById('root')?.getAttribute('data-prerendered')).toBe('/pricing');
    expect(doc.querySelector('#root h1')?.textContent).toBe('Clear pricing, in $rand');
  });

  it('drops the app pages\' "needs JavaScript" notice: a prerendered page reads without script', () => {
    expect(indexHtml).toContain('This page needs JavaScript');
    const html = pageDocument(indexHtml, parts);
    expect(html).not.toContain('noscript');
    expect(html).not.toContain('This page needs JavaScript');
  });

  it('keeps the notice for a page whose forms need script, and hides the page itself without script', () => {
    const html = pageDocument(indexHtml, { ...parts, needsJavaScript: true });
    expect(html).toContain('This page needs JavaScript');
    expect(parse(html).head.querySelector('noscript')?.innerHTML).toBe('<style>#root{display:none}</style>');
  });

  it('keeps the theme script where it was, so the theme is set before anything paints', () => {
    const doc = parse(pageDocument(indexHtml, parts));
    const inHead = [...doc.head.querySelectorAll('script')].map((script) => script.textContent);
    expect(inHead).toEqual(['document.documentElement.dataset.theme="light"']);
  });

  it('asks for no script or preload until the page has painted: they wait in an inert template', () => {
    const doc = parse(pageDocument(indexHtml, parts));
    expect(doc.querySelectorAll('script[src], link[rel="preload"]')).toHaveLength(0);
    const template = doc.getElementById(AFTER_PAINT_ID) as HTMLTemplateElement;
    const waiting = [...template.content.querySelectorAll('script[src], link[rel="preload"]')];
    expect(waiting.map((tag) => tag.getAttribute('src') ?? tag.getAttribute('href'))).toEqual([
      '/config.json',
      '/main.abc.js',
      '/124.def.js',
      '/main.abc.js',
    ]);
  });

  it('loads them in the frame after the first one, once', () => {
    jest.useFakeTimers();
    try {
      const doc = parse(pageDocument(indexHtml, parts));
      document.head.innerHTML = doc.head.innerHTML;
      document.body.innerHTML = doc.body.innerHTML;
      expect(document.body.lastElementChild?.textContent).toBe(`${AFTER_PAINT_LOADER};${EARLY_SUBMIT_GUARD}`);
      new Function(AFTER_PAINT_LOADER)();
      expect(document.querySelector('script[src]')).toBeNull();
      jest.runOnlyPendingTimers(); // the animation frame
      expect(document.querySelector('script[src]')).toBeNull();
      jest.runOnlyPendingTimers(); // the task after it
      expect([...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'))).toEqual([
        '/main.abc.js',
      ]);
      expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(3);
    } finally {
      jest.useRealTimers();
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    }
  });

  it('holds back a form sent before the app runs, and the app sends it through its handler', async () => {
    const doc = parse(pageDocument(indexHtml, parts));
    document.body.innerHTML = '<form><input name="email" value="a@example.com"><button>Sign in</button></form>';
    const guard = new Function(EARLY_SUBMIT_GUARD);
    const sent: string[] = [];
    const form = document.querySelector('form')!;
    const record = (event: Event) => {
      sent.push(event.defaultPrevented ? 'held' : 'posted');
      event.preventDefault(); // jsdom does not navigate; a browser would post here
    };
    try {
      expect(doc.body.lastElementChild?.textContent).toContain(EARLY_SUBMIT_GUARD);
      guard();
      form.addEventListener('submit', record);
      document.querySelector('button')!.click();
      expect(sent).toEqual(['held']);
      sendEarlySubmit();
      expect(document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve));
      expect(sent).toEqual(['held', 'posted']);
      // Once the app runs, the guard lets every submit through to the form's handler.
      document.querySelector('button')!.click();
      expect(sent).toEqual(['held', 'posted', 'posted']);
    } finally {
      document.body.innerHTML = '';
      document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
    }
  });

  it('refuses a document that is not a host build', () => {
    expect(() => pageDocument('<html><body></body></html>', parts)).toThrow(/not a host build/);
  });
});
