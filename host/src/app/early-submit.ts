/**
 * A form of a prerendered page can be filled in and sent before the app has taken the page over
 * (its scripts load after the first paint). Sent then, the browser would post it to the page's URL
 * and lose it. The page's inline script holds such a submit back instead (EARLY_SUBMIT_GUARD), and
 * the app sends it once the page has hydrated (sendEarlySubmit, from RemotePage): through the
 * form's own handler, as if sent now.
 */

/** Set on the root element once the page has rendered: forms are sent by their handlers from then on. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** Where the inline guard keeps the submit it held back. */
const HELD = '__kloofHeldSubmit';

/** Inline script (allowed by its CSP hash) that holds back a submit made before the app runs. */
export const EARLY_SUBMIT_GUARD = `document.addEventListener("submit",function(e){if(!document.documentElement.hasAttribute("${APP_READY_ATTRIBUTE}")){e.preventDefault();window.${HELD}={form:e.target,submitter:e.submitter}}},!0)`;

/** Marks the page ready and sends the submit held back before, if any (once). */
export function sendEarlySubmit(): void {
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  const w = window as unknown as Record<typeof HELD, HeldSubmit | undefined>;
  const held = w[HELD];
  w[HELD] = undefined;
  if (!held?.form.isConnected) return;
  const submitter = held.submitter?.isConnected && held.submitter.closest('form') === held.form ? held.submitter : null;
  held.form.requestSubmit(submitter);
}
