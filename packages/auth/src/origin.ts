/** The in-app page before the current one, so a guest-only page can send a signed-in user back. */
export interface LocationLike {
  pathname: string;
  search: string;
}

let current: string | null = null;
let previous: string | null = null;

const pathOf = (location: LocationLike): string => `${location.pathname}${location.search}`;

/** Records a location the app shows (the host calls this after every location change). */
export function recordVisit(location: LocationLike): void {
  const path = pathOf(location);
  if (path === current) return;
  previous = current;
  current = path;
}

/**
 * The in-app page before `location`. A page rendering for the first time has not been recorded
 * yet (visits are recorded after render), so the page before it is still the current one.
 */
export function pathBefore(location: LocationLike): string | null {
  return pathOf(location) === current ? previous : current;
}

/** Test helper: forget the recorded pages. */
export function resetOrigins(): void {
  current = null;
  previous = null;
}
