import { setting, Text } from './setting';

/** Where a server sends its spans (OTLP/HTTP); the API and the web server read the same name, each its own. */
export const tracingSettings = {
  otlpEndpoint: setting(
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    Text({ pattern: '^https?://[^\\s]+$', rule: 'an http:// or https:// URL' }),
    'OTLP/HTTP receiver of traces (an OTel collector, Jaeger, Tempo); spans go to `<url>/v1/traces`; unset: no spans, log lines still carry the trace id',
  ),
};
