export * from './document';
export * from './choose';
export * from './version-name';
export { isSourceMap } from './source-maps';
