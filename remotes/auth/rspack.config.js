// @ts-check
import { remote } from '@kloof/apps/apps';
import { createAppConfig, exposePages } from '@kloof/federation';
import { standaloneTemplate } from '@kloof/standalone/template';

export default createAppConfig({
  app: remote('auth'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
  template: standaloneTemplate,
  // Its pages are prerendered on the server at release time, like the public pages (issue 28).
  server: true,
});
