/** Where a guest-only page sends a signed-in user: the origin, or / (never back to logout). */
export function returnPath(locationState: unknown): string {
  const from = (locationState as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/user/logout') return '/';
  return `${from.pathname}${from.search ?? ''}`;
}
