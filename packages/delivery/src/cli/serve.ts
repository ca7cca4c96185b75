#!/usr/bin/env tsx
import path from 'node:path';
import { host, remotes } from '@kloof/federation/apps';
import { buildStaticServer } from '../server/static-server';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const port = Number(process.env.PORT ?? 8080);
const apiHost = process.env.API_HOST ?? '';
const apiUpstream = process.env.API_UPSTREAM ?? 'http://127.0.0.1:4000';

const app = await buildStaticServer({
  hostDir: path.join(repoRoot, host.dir, 'dist'),
  remoteDirs: Object.fromEntries(remotes.map((r) => [r.name, path.join(repoRoot, r.dir, 'dist')])),
  apiHost,
  apiUpstream,
  https: process.env.HTTPS === '1',
  logger: process.env.LOG_REQUESTS === '1',
});

await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Kloof Digital is running at http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
