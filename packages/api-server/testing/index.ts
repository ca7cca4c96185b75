// Test helpers other packages' tests reuse (`@kloof/api-server/testing`): a PostgreSQL and a Redis
// of a test's own, write traffic, requests from a chosen client address. ESM-safe modules only.
export {
  anyPostgres,
  postgresBinaries,
  startTestCluster,
  type SharedPostgres,
  type TestCluster,
} from './postgres-cluster';
export { redisBinary, startOwnRedis, startRedis, type TestRedis } from './redis';
export { startWriteTraffic, type WriteResult, type WriteTraffic } from './write-traffic';
export { requestFrom } from './client';
