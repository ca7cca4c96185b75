// @ts-check
import { remote } from '@kloof/apps/apps';
import { createAppConfig, exposePages } from '@kloof/federation';

export default createAppConfig({
  app: remote('marketing'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
  // Its pages are prerendered on the server at release time (issue 17).
  server: true,
});
