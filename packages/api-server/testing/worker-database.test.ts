import pg from 'pg';
import { workerDatabaseUrl } from './worker-database';

describe('workerDatabaseUrl', () => {
  it("adds the worker's number to the database name and keeps the rest of the address", () => {
    expect(workerDatabaseUrl('postgres://kloof:s3cret@127.0.0.1:5432/kloof?sslmode=disable', '2')).toBe(
      'postgres://kloof:s3cret@127.0.0.1:5432/kloof_w2?sslmode=disable',
    );
  });

  it("names the server's default database when the address names none", () => {
    expect(workerDatabaseUrl('postgres://postgres@127.0.0.1:5432', '1')).toBe(
      'postgres://postgres@127.0.0.1:5432/postgres_w1',
    );
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('on the suite PostgreSQL (scripts/with-postgres.sh)', () => {
  it("this file's servers use its Jest worker's own database, which exists", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select current_database() as name');
      expect(rows[0]!.name).toMatch(new RegExp(`_w${process.env.JEST_WORKER_ID}$`));
    } finally {
      await client.end();
    }
  });
});
