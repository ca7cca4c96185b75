import fs from 'node:fs';
import path from 'node:path';
import { statPerTurn } from './stat-per-turn';

/** Written by the host build beside index.html (packages/federation's RoutesManifestPlugin). */
export const ROUTES_FILE = 'routes.json';

/** Whether the app has a page at a path; null when the host release says nothing (older builds). */
export type RouteMatcher = (pathname: string) => boolean;

const segmentsOf = (pathname: string): string[] => pathname.split('/').filter(Boolean);

/**
 * Matches paths the way the app's router does: case-insensitive, a trailing slash ignored, and a
 * `:name` segment standing for any one non-empty segment.
 */
export function routeMatcher(patterns: readonly string[]): RouteMatcher {
  const compiled = patterns.map((pattern) => segmentsOf(pattern.toLowerCase()));
  return (pathname) => {
    const segments = segmentsOf(pathname.toLowerCase());
    return compiled.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
    );
  };
}

/**
 * The route matcher of a host build, re-read when its routes.json changes, so a host release or
 * rollback brings its own routes. A build without the file (or with a broken one) gives null:
 * every page path is then answered with the app, as before.
 */
export function knownRoutes(): (hostDir: string) => RouteMatcher | null {
  const cache = new Map<string, { key: string; matcher: RouteMatcher | null }>();
  return (hostDir) => {
    const file = path.join(hostDir, ROUTES_FILE);
    const stat = statPerTurn(file);
    const key = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'missing';
    const hit = cache.get(file);
    if (hit?.key === key) return hit.matcher;
    let matcher: RouteMatcher | null = null;
    if (stat) {
      try {
        const { patterns } = JSON.parse(fs.readFileSync(file, 'utf8')) as { patterns?: unknown };
        if (Array.isArray(patterns) && patterns.every((p): p is string => typeof p === 'string')) {
          matcher = routeMatcher(patterns);
        }
      } catch {
        matcher = null;
      }
    }
    cache.set(file, { key, matcher });
    return matcher;
  };
}

const NOINDEX = '<meta name="robots" content="noindex">';

/** The app's page for a path it does not know: the same document, kept out of search results. */
export function notFoundDocument(html: string): string {
  return html.includes('</head>') ? html.replace('</head>', `${NOINDEX}</head>`) : `${NOINDEX}${html}`;
}
