import pg from 'pg';

/**
 * The database of one Jest worker on the suite's PostgreSQL (scripts/with-postgres.sh): the
 * suite's database name with `_w<worker>` added. Workers run side by side; in one database a file
 * dropping its schema broke another's migrator reading the catalog, and each database has its own.
 */
export function workerDatabaseUrl(suiteUrl: string, workerId: string): string {
  const url = new URL(suiteUrl);
  const name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  url.pathname = `/${encodeURIComponent(`${name}_w${workerId}`)}`;
  return url.toString();
}

/** Creates the database `url` names unless it exists, connected through the suite's database. */
export async function ensureDatabase(suiteUrl: string, url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: suiteUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
