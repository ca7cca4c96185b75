/**
 * What the scale bench asks each list for: the one table to change when the lists' paging
 * changes. `first` is the query string of the first page; `deep` of a page far in: a query string
 * of its own (offset paging), `{ afterPages }` to follow the answers' `next` cursor that many
 * pages from the first (keyset paging), or null when the list has no pages (it answers every row).
 *
 * On main at a9c6d3d the client lists take no page parameters (none are sent); the admin users
 * list pages by `page`/`pageSize`. The keyset form (contract 2.0.0) is
 * `first: 'limit=50', deep: { afterPages: 100 }` and, for users, `search=...&limit=50`.
 */
export type DeepPage = string | { afterPages: number } | null;

export interface ListQuery {
  /** Row label in the report. */
  label: string;
  path: string;
  first: string;
  deep: DeepPage;
  /** Who asks: the client that owns the seeded items, or the admin. */
  as: 'client' | 'admin';
}

export const LIST_QUERIES: readonly ListQuery[] = [
  { label: 'workspaces', path: '/v1/workspaces', first: '', deep: null, as: 'client' },
  { label: 'projects', path: '/v1/projects', first: '', deep: null, as: 'client' },
  { label: 'links', path: '/v1/links', first: '', deep: null, as: 'client' },
  { label: 'admin users', path: '/v1/users', first: 'page=1&pageSize=20', deep: 'page=2500&pageSize=20', as: 'admin' },
  // A term that matches a handful of a million users (seeded as `Person <n>`, `user<n>@...`).
  {
    label: 'admin users search',
    path: '/v1/users',
    first: 'search=user12345&page=1&pageSize=20',
    deep: null,
    as: 'admin',
  },
];

/** Not a list, measured beside them: what the dashboard asks for. */
export const DASHBOARD: ListQuery = { label: 'dashboard', path: '/v1/dashboard', first: '', deep: null, as: 'client' };

/** The client-area screens whose load time and DOM size are measured. */
export const SCREENS = ['/workspaces', '/projects', '/links'] as const;

/** A list's URL path with a query string (none when empty). */
export const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
