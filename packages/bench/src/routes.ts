/** The auth pages a visitor opens, prerendered like the public pages (issue 28). */
export const authRoutes = [
  '/auth/login',
  '/auth/register',
  '/auth/forgetPassword',
  '/auth/resetPassword',
  '/auth/account-verification',
  '/auth/resend-verification',
] as const;

/** The routes the benchmark measures: every public page, the auth pages and the signed-in dashboard. */
export const benchRoutes = [
  '/',
  '/services',
  '/docs',
  '/pricing',
  '/careers',
  '/careers/junior-digital-assistant',
  '/contact',
  '/branding',
  ...authRoutes,
  '/dashboard',
] as const;

export type BenchRoute = (typeof benchRoutes)[number];

/** Routes that need a signed-in, verified user. */
export const signedInRoutes: ReadonlySet<string> = new Set(['/dashboard']);

/** The public page a signed-in load is held against (issue 40: same profile, same run). */
export const PUBLIC_YARDSTICK = '/pricing';

/** Issue 40's signed-in pages (an Admin opens /manage/users), measured cold and warm beside the yardstick. */
export const signedInLoadRoutes = ['/dashboard', '/projects', '/links', '/manage/users', PUBLIC_YARDSTICK] as const;
