/** The production static server, for other packages (the benchmark serves its monolith with it). */
export { buildStaticServer, type StaticServerOptions } from './static-server';
export type { Site, SiteFile } from './site';
