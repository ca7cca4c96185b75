import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { seedStatements } from './seed';

/** How much the scale bench seeds on one database. */
export interface Shape {
  /** All users, the clients that own the other rows among them. */
  users: number;
  /** Clients that own the other rows (the first `otherClients` users). */
  otherClients: number;
  /** Workspaces, projects and links (each) of the other clients. */
  otherRows: number;
  /** Workspaces, projects and links (each) of the one measured client. */
  clientItems: number;
}

export const SHAPES = {
  postgres: { users: 1_000_000, otherClients: 100_000, otherRows: 1_000_000, clientItems: 10_000 },
  pglite: { users: 100_000, otherClients: 10_000, otherRows: 100_000, clientItems: 10_000 },
} as const satisfies Record<string, Shape>;

export type Database = keyof typeof SHAPES;

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
