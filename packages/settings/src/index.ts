// Environment variables declared once per program: the settings, the check and the README table derive from it.
export * from './setting';
export { envReader, EnvError } from './read-env';
export { markdownTable, tableIn, withTable, writeReadmeTable } from './readme-table';
export * from './site';
export * from './release-store';
export * from './invocation';
export * from './metrics';
export * from './tracing';
