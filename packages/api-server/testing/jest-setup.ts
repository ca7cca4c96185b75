import { scaled } from '@kloof/test-kit/slowdown';
import { ensureDatabase, workerDatabaseUrl } from './worker-database';

// testTimeout in jest.config.js is a global option that Jest ignores when this package runs as one
// of several projects from the repo root; set it per test file instead. A real server with a fresh
// database (initdb in a data folder on restart tests) can take a few seconds on a 2-core machine.
jest.setTimeout(scaled(30_000));

// On the suite's PostgreSQL each Jest worker works in a database of its own (see worker-database.ts),
// so the PostgreSQL run can use as many workers as the PGlite one.
const suiteUrl = process.env.DATABASE_URL;
const workerId = process.env.JEST_WORKER_ID;
if (suiteUrl && workerId) {
  const ownUrl = workerDatabaseUrl(suiteUrl, workerId);
  process.env.DATABASE_URL = ownUrl;
  beforeAll(() => ensureDatabase(suiteUrl, ownUrl));
}
