import { buildServer, loadConfig } from '../server';
import { printLogins, seedDemo } from '../seed/demo';

/** Demo data (clients with workspaces, projects, links); prints the demo logins. SEED_PASSWORD fixes the password. */
const config = loadConfig({ ...process.env, SEED: '' });
const app = await buildServer(config, { logger: { level: 'warn' } });
try {
  printLogins(await seedDemo(app, process.env.SEED_PASSWORD));
} finally {
  await app.close();
}
