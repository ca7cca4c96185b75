import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { restrictNewFiles } from '../lib/private-files';

/** Applies pending migrations to the configured database (DATA_DIR PGlite, locked while open, or DATABASE_URL). */
restrictNewFiles();
const config = loadConfig(process.env);
try {
  const handle = await openDatabase(config, {}, (applied) => console.log(`Applied: ${applied.join(', ')}`));
  await handle.close();
  console.log('Database is up to date.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
