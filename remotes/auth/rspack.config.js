// @ts-check
import { createAppConfig, exposePages, remote } from '@kloof/federation';

export default createAppConfig({
  app: remote('auth'),
  dir: import.meta.dirname,
  exposes: exposePages(import.meta.dirname),
  // Its pages are prerendered on the server at release time, like the public pages (issue 28).
  server: true,
});
