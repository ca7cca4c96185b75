/** Prometheus metrics shared by the API and the web server (Node only). */
export { recordRequests, UNMATCHED_ROUTE } from './http-metrics';
export { serveMetrics, type MetricsPort } from './metrics-port';
