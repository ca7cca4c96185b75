// Backup and restore of a seeded site, timed: `pnpm --filter @kloof/backup measure [runs]` (default 3).
// PGlite, or PostgreSQL with DATABASE_URL (its own schema). Prints each run and the median and spread.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, loadConfig } from '@kloof/api-server';
import { openPgliteFolder } from '@kloof/bench/src/scale/pglite-folder';
import { seedStatements } from '@kloof/bench/src/scale/seed';
import { releasesLayout } from '@kloof/release-store/folder';
import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import { backUp } from '../src/backup';
import { restore } from '../src/restore';

const runs = Number(process.argv[2] ?? 3);
// The bench's per-client 10,000 items (workspaces, projects, links each), 10,000 other users and their rows.
const shape = { users: 10_000, otherClients: 1_000, otherRows: 10_000, clientItems: 10_000 };
const md5uuid = (text: string) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-backup-measure-'));
const schema = process.env.DATABASE_URL ? `measure_${process.pid}` : undefined;
const config = loadConfig({
  ...apiTestEnv,
  DATA_DIR: path.join(work, 'data', 'pglite'),
  LOG_LEVEL: 'silent',
  ...(schema ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
});
const site = {
  database: config,
  releases: releasesLayout(path.join(work, 'releases')),
  ...(schema ? { pgBin: '/usr/lib/postgresql/15/bin' } : {}),
};
await (await buildServer(config)).close(); // migrated
const statements = seedStatements(shape, md5uuid('scale-user-1'));
if (schema) {
  const client = new pg.Client({ connectionString: config.databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  await client.end();
} else {
  const db = await openPgliteFolder(path.resolve(import.meta.dirname, '..', '..', 'api-server'), config.dataDir);
  for (const statement of statements) await db.exec(statement);
  await db.close();
}
await fs.mkdir(site.releases.root, { recursive: true });
await fs.writeFile(site.releases.registryFile, '{"apps":{}}\n');

const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};
const backups: number[] = [];
const restores: number[] = [];
let bytes = 0;
for (let run = 1; run <= runs; run++) {
  const dir = path.join(work, `backup-${run}`);
  backups.push(await timed(() => backUp(site, dir)));
  bytes = (await fs.stat(path.join(dir, schema ? 'database.pgdump' : 'database.pglite.tar'))).size;
  restores.push(await timed(() => restore(site, dir)));
  console.log(
    `run ${run}: backup ${backups.at(-1)!.toFixed(0)} ms, restore ${restores.at(-1)!.toFixed(0)} ms, database ${(bytes / 1048576).toFixed(1)} MiB`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
for (const [name, values] of [
  ['backup', backups],
  ['restore', restores],
] as const) {
  console.log(
    `${name}: median ${median(values).toFixed(0)} ms, spread ${spread(values).toFixed(0)} ms over ${runs} runs`,
  );
}
if (schema) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
await fs.rm(work, { recursive: true, force: true });
