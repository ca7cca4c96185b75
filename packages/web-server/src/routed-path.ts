import { isOriginForm } from './request-target';

/**
 * The path segments of a request target as the API's router would read them (percent-decoded,
 * duplicate slashes and dot segments resolved, backslashes as slashes, lower case), so a rule on
 * a path holds for every spelling of it. null for what is no path to judge: not a path (`*`, an
 * absolute URL) or malformed escapes (nothing legitimate looks like that).
 */
export function routedSegments(rawUrl: string): string[] | null {
  if (!isOriginForm(rawUrl)) return null;
  let pathname = rawUrl.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(pathname);
      if (decoded === pathname) break;
      pathname = decoded;
    } catch {
      return null;
    }
  }
  const segments: string[] = [];
  for (const segment of pathname.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase().split(';')[0]!);
  }
  return segments;
}
