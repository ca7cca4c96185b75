/**
 * Whether React is hydrating the page's prerendered HTML right now (the first render of a page
 * that arrived as HTML). The host marks the start before hydrateRoot and the end once that first
 * render has committed. A module of the shared @kloof/ui singleton, so remote pages see the host's
 * marks.
 */
let hydrating = false;

export const initialHydration = {
  start(): void {
    hydrating = true;
  },
  end(): void {
    hydrating = false;
  },
  active: (): boolean => hydrating,
};
