/** The in-app page before the current one, so a guest-only page can send a signed-in user back. */
interface LocationLike {
  pathname: string;
  search: string;
}

export interface RouterLike {
  state: { location: LocationLike };
  subscribe(listener: (state: { location: LocationLike }) => void): () => void;
}

let current: string | null = null;
let previous: string | null = null;

function visit(location: LocationLike): void {
  const path = `${location.pathname}${location.search}`;
  if (path === current) return;
  previous = current;
  current = path;
}

/** Follows the router's locations (the host calls this once with its router). */
export function trackOrigins(router: RouterLike): () => void {
  visit(router.state.location);
  return router.subscribe((state) => visit(state.location));
}

export function previousPath(): string | null {
  return previous;
}

/** Test helper: forget the recorded pages. */
export function resetOrigins(): void {
  current = null;
  previous = null;
}
