type From = { pathname?: string; search?: string } | string | undefined;

function pathOf(from: From): string | null {
  if (!from) return null;
  if (typeof from === 'string') return from;
  return from.pathname ? `${from.pathname}${from.search ?? ''}` : null;
}

/** Guest pages and logout are never a place to send a signed-in user back to (that would loop). */
function acceptable(path: string | null): path is string {
  // A path of this site: '/x', never '//host' or '/\\host' (other sites, to a browser).
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0]!;
  return pathname !== '/user/logout' && pathname !== '/auth' && !pathname.startsWith('/auth/');
}

/**
 * Where a guest-only page sends a signed-in user: the origin remembered by a
 * guard (`location.state.from`), else the in-app page they came from, else / (never /user/logout).
 */
export function returnPath(locationState: unknown, previous: string | null = null): string {
  const from = pathOf((locationState as { from?: From } | null)?.from);
  if (acceptable(from)) return from;
  if (acceptable(previous)) return previous;
  return '/';
}

/** The origin a guard remembered for this page, if any (the sign-in page returns there). */
export function rememberedOrigin(locationState: unknown): string | null {
  const from = pathOf((locationState as { from?: From } | null)?.from);
  return acceptable(from) ? from : null;
}

/**
 * Where signing in lands: the origin a guard remembered, else the page the visitor came from
 * (as a guest-only page does: signing in from Pricing returns to Pricing), else null
 * for the sign-in page's own default.
 */
export function landingAfterSignIn(locationState: unknown, previous: string | null): string | null {
  const origin = rememberedOrigin(locationState);
  if (origin) return origin;
  return acceptable(previous) ? previous : null;
}
