import { endpoints } from '@kloof/api-contract/endpoints';
import type { Endpoint } from '@kloof/api-contract/endpoints';

/**
 * The reads the app's own screens make, and so the only answers kept for offline: a client's
 * workspaces, projects, links, overview and billing, and an admin's user list and user pages.
 * Never the session (/auth/*, /current-user and its devices, factors and passkeys), never tokens,
 * never what the API serves only to check something (health, telemetry, the outbox).
 */
const SCREEN_READS: readonly Endpoint[] = [
  endpoints.workspaces.list,
  endpoints.workspaces.get,
  endpoints.projects.list,
  endpoints.projects.get,
  endpoints.links.list,
  endpoints.links.get,
  endpoints.overview.getDashboard,
  endpoints.overview.getBilling,
  endpoints.users.listUsers,
  endpoints.users.getUser,
];

/** '/projects/:id' -> /^projects\/[^/]+$/ (calls name their path without the leading slash). */
const pattern = (path: string) =>
  new RegExp(
    `^${path
      .slice(1)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+')}$`,
  );
const patterns = SCREEN_READS.map((endpoint) => pattern(endpoint.path));

/**
 * The key a screen read is kept under: its path below /v1/ and its query, sorted (the same read
 * finds the same copy whatever order its parameters came in); null for anything else.
 */
export function screenReadKey(method: string | undefined, url: string | undefined, params?: unknown): string | null {
  if ((method ?? 'get').toLowerCase() !== 'get' || !url) return null;
  const parsed = new URL(url, 'http://api.invalid/');
  if (parsed.origin !== 'http://api.invalid') return null;
  const path = parsed.pathname.replace(/^\/(v1\/)?/, '');
  if (!patterns.some((re) => re.test(path))) return null;
  const query = new Map(parsed.searchParams);
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
  }
  const sorted = new URLSearchParams([...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const search = sorted.toString();
  return search ? `${path}?${search}` : path;
}
