import { loadConfig } from '../config';
import { connectDatabase, migrateToLatest } from '../db/connect';

/** Applies pending migrations to the configured database (DATA_DIR PGlite or DATABASE_URL). */
const config = loadConfig(process.env);
const handle = await connectDatabase(config);
try {
  const applied = await migrateToLatest(handle.db, config);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.close();
}
