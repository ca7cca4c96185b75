export { runStandalone, loadersFromContext } from './run-standalone';
export type { PageLoaders } from './StandaloneApp';
