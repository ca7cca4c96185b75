/** The routes the benchmark measures: every public page and the signed-in dashboard. */
export const benchRoutes = [
  '/',
  '/services',
  '/docs',
  '/pricing',
  '/careers',
  '/careers/junior-digital-assistant',
  '/contact',
  '/branding',
  '/dashboard',
] as const;

export type BenchRoute = (typeof benchRoutes)[number];

/** Routes that need a signed-in, verified user. */
export const signedInRoutes: ReadonlySet<string> = new Set(['/dashboard']);
