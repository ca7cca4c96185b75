// @ts-check
import { remote } from '@kloof/apps/apps';
import { createAppConfig, exposePages } from '@kloof/federation';
import { standaloneTemplate } from '@kloof/standalone/template';

export default createAppConfig({
  app: remote('marketing'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
  template: standaloneTemplate,
  // Its pages are prerendered on the server at release time (issue 17).
  server: true,
});
