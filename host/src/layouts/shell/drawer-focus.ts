/**
 * Keeps Tab inside an open drawer: its own links and buttons plus the button that opened it (which
 * closes it), in that order, round and round either way. Those are not next to each other in the
 * page, so every Tab is moved here; focus that is elsewhere (the page behind) is brought back in.
 */
export function keepTabWithin(event: KeyboardEvent, drawer: HTMLElement | null, opener: HTMLElement | null): void {
  if (event.key !== 'Tab' || !drawer) return;
  const inDrawer = Array.from(drawer.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
  const stops = opener ? [opener, ...inDrawer] : inDrawer;
  if (stops.length === 0) return;
  event.preventDefault();
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? (event.shiftKey ? stops.length - 1 : 0) : at + (event.shiftKey ? -1 : 1);
  stops[(next + stops.length) % stops.length]?.focus();
}
