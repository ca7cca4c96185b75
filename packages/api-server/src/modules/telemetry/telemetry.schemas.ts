// The telemetry module's part of the contract.
export {
  MAX_EVENTS_PER_BATCH,
  TELEMETRY_BODY_LIMIT,
  TelemetryBatch,
  TelemetryEvent,
  TelemetrySummary,
  TelemetrySummaryQuery,
  VersionSummary,
} from '@kloof/api-contract';
export { TELEMETRY_KINDS } from '@kloof/api-contract/constants';
