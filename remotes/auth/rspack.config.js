// @ts-check
import { createAppConfig, exposePages, remote } from '@kloof/federation';

export default createAppConfig({
  app: remote('auth'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
});
