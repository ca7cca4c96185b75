// @ts-check
import path from 'node:path';
import { host } from '@kloof/apps/apps';
import { createAppConfig } from '@kloof/federation';

const own = (/** @type {string} */ file) => path.join(import.meta.dirname, file);

export default createAppConfig({
  app: host,
  dir: import.meta.dirname,
  template: own('public/index.html'),
  // Offline support (issue 7): production builds only.
  serviceWorker: own('src/service-worker/sw.ts'),
  // Its routePatterns() become routes.json (real 404s), what it loads from each remote
  // remote-modules.json (the release gate).
  routeTable: own('src/routes/route-table.ts'),
  server: true,
  serverEntry: own('src/server/index.ts'),
});
