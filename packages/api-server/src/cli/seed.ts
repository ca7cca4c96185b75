import { DataDirLockedError } from '../db/data-dir-lock';
import { buildServer, loadConfig } from '../server';
import { loggerOptions } from '../lib/log-redaction';
import { printLogins, seedDemo } from '../seed/demo';
import { restrictNewFiles } from '../lib/private-files';

/** Demo data (clients with workspaces, projects, links); prints the demo logins. SEED_PASSWORD fixes the password. */
restrictNewFiles();
const config = loadConfig({ ...process.env, SEED: '' });
let app;
try {
  app = await buildServer(config, { logger: loggerOptions('warn') });
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(err.message);
  process.exit(1);
}
try {
  printLogins(await seedDemo(app, config.seedPassword));
} finally {
  await app.close();
}
