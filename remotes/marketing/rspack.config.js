// @ts-check
import { createAppConfig, exposePages, remote } from '@kloof/federation';

export default createAppConfig({
  app: remote('marketing'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
});
