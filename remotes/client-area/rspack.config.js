// @ts-check
import { remote } from '@kloof/apps/apps';
import { createAppConfig, exposePages } from '@kloof/federation';
import { standaloneTemplate } from '@kloof/standalone/template';

export default createAppConfig({
  app: remote('clientArea'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
  template: standaloneTemplate,
});
