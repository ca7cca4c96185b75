/**
 * When a page is "done" (issue 40): at its path, a heading in `<main>` and nothing in it still
 * loading. Still loading is anything in `<main>` marked busy (`aria-busy="true"`), a skeleton
 * (`data-testid` ending in "skeleton"), a progress bar, or a live status that shows a graphic
 * (an `aria-hidden` part, as the spinner and the page skeleton have) in place of words. A status
 * of words only (e.g. "Showing all 3 users.") is content, not loading.
 *
 * Source text, not a function: it runs in the page, where the helpers tsx adds to compiled
 * functions do not exist. It is an expression of a function `(path) => boolean`.
 */
export const pageDoneSource = `(path) => {
  if (location.pathname !== path) return false;
  const main = document.querySelector('main');
  if (!main || !main.querySelector('h1')) return false;
  if (main.querySelector('[aria-busy="true"], [data-testid$="skeleton"], [role="progressbar"]')) return false;
  return !Array.from(main.querySelectorAll('[role="status"]')).some((status) => status.querySelector('[aria-hidden="true"]'));
}`;

/** The property of `window` where the page keeps the first moment it was done (ms since navigation). */
export const DONE_AT = '__benchDoneAt';

/** The property of `window` holding the condition, for a caller to wait on (`window[DONE_CHECK](path)`). */
export const DONE_CHECK = '__benchIsDone';

/**
 * An init script (runs before the page's own scripts; the site's CSP forbids evaluating strings
 * later) that installs the condition at `window[DONE_CHECK]` and, given a path, checks it on every
 * frame from the start of the navigation, keeping the first done frame's time at `window[DONE_AT]`.
 */
export function doneWatcherScript(path?: string): string {
  const install = `window[${JSON.stringify(DONE_CHECK)}] = ${pageDoneSource};`;
  if (path === undefined) return install;
  return `${install}
(() => {
  const check = () => {
    if (window[${JSON.stringify(DONE_CHECK)}](${JSON.stringify(path)})) window[${JSON.stringify(DONE_AT)}] = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}
