// Prints the API's OpenAPI document as production serves it at /docs/json (for `redocly lint`,
// client generators and reviews): `pnpm --filter @kloof/api-server openapi > openapi.json`.
// The server runs on an in-memory database and never listens.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';

const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
const app = await buildServer(config, { onBootstrapToken: () => undefined });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
