import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { seedStatements } from './seed';
import { SHAPES, type Database } from './shape';

/**
 * The name of a seeded database's folder: it changes (and the folder is seeded anew) when the
 * shape, the seeding SQL or the migrations that made the tables change.
 */
export function seedKey(db: Database, migrationsDir: string): string {
  const migrations = fs
    .readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_.*\.ts$/.test(name))
    .sort()
    .map((name) => fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
  const hash = createHash('sha256')
    .update(JSON.stringify({ shape: SHAPES[db], seed: seedStatements(SHAPES[db], '<client>'), migrations }))
    .digest('hex');
  return `${db}-${hash.slice(0, 12)}`;
}
