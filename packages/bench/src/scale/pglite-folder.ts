import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the seeding needs of PGlite: SQL in, rows out, closed after. */
interface PGliteFolder {
  exec(sql: string): Promise<unknown>;
  query<R>(sql: string): Promise<{ rows: R[] }>;
  close(): Promise<void>;
}

/**
 * Opens the API's PGlite data folder (while no API has it open) with the PGlite the API itself
 * uses, resolved from its package, so both read and write the same format.
 */
export async function openPgliteFolder(apiDir: string, dataDir: string): Promise<PGliteFolder> {
  const require = createRequire(path.join(apiDir, 'package.json'));
  const entry = require.resolve('@electric-sql/pglite');
  const { PGlite } = (await import(pathToFileURL(entry).href)) as {
    PGlite: { create(options: { dataDir: string; extensions: Record<string, unknown> }): Promise<PGliteFolder> };
  };
  // The extensions the API loads (its migrations create pg_trgm for the users' search index).
  const { pg_trgm } = (await import(pathToFileURL(require.resolve('@electric-sql/pglite/contrib/pg_trgm')).href)) as {
    pg_trgm: unknown;
  };
  return PGlite.create({ dataDir, extensions: { pg_trgm } });
}
