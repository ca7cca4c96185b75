// @ts-check
export { createAppConfig } from './create-config.js';
export { exposePages } from './expose-pages.js';
export { sharedSingletons } from './shared-singletons.js';
export { webConfig } from './web-config.js';
export { PrecompressPlugin } from './precompress.js';
export { ServiceWorkerPlugin } from './service-worker.js';
export { serverConfig, SERVER_DIR } from './server-config.js';
