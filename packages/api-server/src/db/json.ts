import { sql, type RawBuilder } from 'kysely';

/** A jsonb value sent as text and cast in SQL: identical behaviour on pg and PGlite. */
export function jsonb(value: unknown): RawBuilder<string> {
  return sql<string>`cast(${JSON.stringify(value)}::text as jsonb)`;
}

/** A text[] value sent as a JSON array and converted in SQL (no driver-specific array encoding). */
export function textArray(values: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`array(select jsonb_array_elements_text(cast(${JSON.stringify(values)}::text as jsonb)))`;
}
