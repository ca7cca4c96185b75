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

/**
 * What was typed into a field before hydration is on screen but not in the app's state (which
 * starts from the server's empty value, and hydration reads no input). Each such field is told
 * as typing would: its value set back to what the app knows (through the element, which the app
 * watches), the typed text put in through the prototype's setter (which it does not watch), then
 * an input event, which the app sees as a change to the typed text.
 */
function handOverTypedText(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(field.type))
      continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Marks the page ready, hands the text typed before hydration to its forms, and sends the submit
 * held back before, if any (once), after the app has taken in that text.
 */
export function sendEarlySubmit(): void {
  if (document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)) return;
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  handOverTypedText(document.getElementById('root') ?? document);
  const w = window as unknown as Record<typeof HELD, HeldSubmit | undefined>;
  const held = w[HELD];
  w[HELD] = undefined;
  if (!held?.form.isConnected) return;
  const submitter = held.submitter?.isConnected && held.submitter.closest('form') === held.form ? held.submitter : null;
  setTimeout(() => held.form.requestSubmit(submitter));
}
