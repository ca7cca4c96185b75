// @ts-check
export { createAppConfig } from './create-config.js';
export { exposePages } from './expose-pages.js';
export { host, remotes, remote, apiDevPort, devRemoteFolders } from './apps.js';
export { sharedVersions, sharedSingletons } from './shared.js';
export { webConfig } from './web-config.js';
export { PrecompressPlugin } from './precompress.js';
export { ServiceWorkerPlugin } from './service-worker.js';
export { serverConfig, SERVER_DIR } from './server-config.js';
