import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';

/**
 * Whether `table` has a row with every one of these column values: the ownership checks
 * ("this project is of that workspace", "this session is this user's").
 */
export async function rowExists<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  values: Partial<Selectable<Database[T]>>,
): Promise<boolean> {
  const row = await db
    .selectFrom(table as keyof Database)
    .select((eb) => eb.lit(1).as('found'))
    .where((eb) => eb.and(values as never))
    .executeTakeFirst();
  return row !== undefined;
}
