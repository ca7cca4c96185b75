// @ts-check
import { remote } from '@kloof/apps/apps';
import { createAppConfig, exposePages } from '@kloof/federation';

export default createAppConfig({
  app: remote('auth'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
  // Its pages are prerendered on the server at release time, like the public pages (issue 28).
  server: true,
});
