import { createHash } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import { apiError } from '../../lib/http-error';
import { afterKey, decodeCursor, limitOf, pageFrom } from '../../lib/keyset';

/**
 * A list newest first, a keyset page at a time: sorted on (created_at desc, id desc) (or another
 * time and id), which one index per list serves, the cursor being the last row's (list, time, id).
 */
export interface Page {
  /** The list and its filters: a cursor from another list, or from this one filtered otherwise, is refused. */
  tag: string;
  limit: number;
  /** The sort key the page starts after (exclusive), from the cursor. */
  after: [createdAt: string, id: string] | undefined;
}

/** The page a list query asks for; a 400 (`invalid_cursor`) for a cursor this list did not hand out. */
export function pageOf(
  list: string,
  query: { after?: string; limit?: number },
  filters: Record<string, string | undefined>,
): Page {
  const named = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const digest = createHash('sha256').update(JSON.stringify(named)).digest('base64url').slice(0, 16);
  const tag = `${list}:${digest}`;
  if (query.after === undefined) return { tag, limit: limitOf(query), after: undefined };
  const [cursorTag, createdAt, id] = decodeCursor(query.after, ['text', 'date', 'uuid']) as [string, string, string];
  if (cursorTag !== tag) throw apiError(400, 'invalid_cursor');
  return { tag, limit: limitOf(query), after: [createdAt, id] };
}

/**
 * A row's time (its creation, or its last use) to the microsecond, in UTC, as the cursor keeps it:
 * a JS Date holds milliseconds only, and a cursor cut to them would skip or repeat rows made within
 * the same millisecond.
 */
export const exactTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The page's rows of a query on `table` (its alias), and one more: `(created_at, id) < cursor`
 * (or the `key` columns), newest first, so one range of the list's index serves it.
 */
export function rowsOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Page,
  table: string,
  key: readonly [time: string, id: string] = ['created_at', 'id'],
) {
  const [time, id] = key.map((column) => `${table}.${column}`) as [string, string];
  const after = page.after && afterKey([time, id], page.after, 'desc');
  return (after ? query.where(after) : query)
    .orderBy(sql.ref(time), 'desc')
    .orderBy(sql.ref(id), 'desc')
    .limit(page.limit + 1);
}

/** An ILIKE pattern for "holds `term`", its own `%`, `_` and `\` taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search term, or undefined for none (an empty or blank search filters nothing). */
export const searchTerm = (search: string | undefined) => search?.trim() || undefined;

/** The page from `limit + 1` rows fetched in order (each with its `sort_key`, exactTime). */
export function itemsOf<Row extends { id: string; sort_key: string }, Item>(
  rows: readonly Row[],
  page: Page,
  toItem: (row: Row) => Item,
): { items: Item[]; next: string | null } {
  return pageFrom(rows, page.limit, (row) => [page.tag, row.sort_key, row.id], toItem);
}

/**
 * One page of a list: the cursor is checked against the list and its filters, `rowsFor` builds the
 * page's query (rowsOf) and `toItem` shows each row.
 */
export async function listPage<Row extends { id: string; sort_key: string }, Item>(
  list: string,
  query: { after?: string; limit?: number },
  filters: Record<string, string | undefined>,
  rowsFor: (page: Page) => { execute: () => Promise<Row[]> },
  toItem: (row: Row) => Item,
): Promise<{ items: Item[]; next: string | null }> {
  const page = pageOf(list, query, filters);
  return itemsOf(await rowsFor(page).execute(), page, toItem);
}
