import { PAGE_LIMIT_DEFAULT } from '@kloof/api-contract/constants';
import { sql, type RawBuilder } from 'kysely';
import { apiError } from './http-error';

/** What each part of a list's sort key is; a cursor whose parts do not match is refused. */
export type KeyPart = 'date' | 'uuid' | 'text' | 'int';
export type KeyValue = string | number;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fits: Record<KeyPart, (value: unknown) => boolean> = {
  date: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  uuid: (value) => typeof value === 'string' && UUID.test(value),
  text: (value) => typeof value === 'string' && value.length <= 400,
  int: (value) => Number.isSafeInteger(value),
};

/** The cursor of a row: its sort key as base64url JSON (not a secret: every query stays scoped to its owner). */
export function encodeCursor(key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key in a cursor this list handed out, or a 400 (`invalid_cursor`). */
export function decodeCursor(cursor: string, shape: readonly KeyPart[]): KeyValue[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw apiError(400, 'invalid_cursor');
  }
  if (!Array.isArray(key) || key.length !== shape.length || !shape.every((part, i) => fits[part](key[i]))) {
    throw apiError(400, 'invalid_cursor');
  }
  return key as KeyValue[];
}

/**
 * `(a, b) < ($1, $2)` (or `>`): the rows after a cursor in a list sorted on these columns all in
 * one direction. A row comparison, so an index on the same columns serves it as one range.
 */
export function afterKey(
  columns: readonly string[],
  key: readonly KeyValue[],
  direction: 'asc' | 'desc',
): RawBuilder<boolean> {
  const left = sql.join(columns.map((column) => sql.ref(column)));
  const right = sql.join(key.map((value) => sql`${value}`));
  return direction === 'desc' ? sql<boolean>`(${left}) < (${right})` : sql<boolean>`(${left}) > (${right})`;
}

/** A list's page size: what the call asked for, else the default (the schema already bounds it). */
export const limitOf = (query: { limit?: number }) => query.limit ?? PAGE_LIMIT_DEFAULT;

/**
 * A page from `limit + 1` rows fetched in order: the extra row only says a next page exists, so
 * the last page says `next: null` without a count.
 */
export function pageFrom<Row, Item>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => KeyValue[],
  toItem: (row: Row) => Item,
): { items: Item[]; next: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { items: shown.map(toItem), next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
