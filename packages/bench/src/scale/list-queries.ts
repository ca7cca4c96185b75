/**
 * What the scale bench asks each list for: the one table to change when the lists' paging
 * changes. `first` is the query string of the first page; `deep` of a page far in: a query string
 * of its own (offset paging), `{ afterPages }` to follow the answers' `next` cursor that many
 * pages from the first (keyset paging), or null when the list has no pages (it answers every row).
 *
 * Contract 2.0.0: every list answers keyset pages (`limit`, `after` = the previous `next`). The
 * figures before it (main at a9c6d3d: client lists without pages, users by `page`/`pageSize`)
 * are in results/scale.md.
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
  { label: 'workspaces', path: '/v1/workspaces', first: 'limit=50', deep: { afterPages: 100 }, as: 'client' },
  { label: 'projects', path: '/v1/projects', first: 'limit=50', deep: { afterPages: 100 }, as: 'client' },
  { label: 'links', path: '/v1/links', first: 'limit=50', deep: { afterPages: 100 }, as: 'client' },
  { label: 'admin users', path: '/v1/users', first: 'limit=20', deep: { afterPages: 500 }, as: 'admin' },
  // A term that matches a handful of a million users (seeded as `Person <n>`, `user<n>@...`).
  {
    label: 'admin users search',
    path: '/v1/users',
    first: 'search=user12345&limit=20',
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
