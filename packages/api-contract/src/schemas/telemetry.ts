import { Type, type Static } from '@sinclair/typebox';
import { TELEMETRY_KINDS, VERSION_NAME_PATTERN, VITAL_KINDS } from '../constants';
import { IsoDate, StringEnum } from './common';

/**
 * What a browser may report: an app, a release version, a page module and what happened. Every
 * field is an enum or a tight pattern, so no URL, message text or anything personal fits in.
 */
/** A batch is what one page sends at once (the host sends at most 20). */
export const MAX_EVENTS_PER_BATCH = 50;
/** A full batch is about 6 KiB; anything larger is not a telemetry batch. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;

/** A Module Federation name (apps.js): marketing, clientArea, ... */
const App = Type.String({ pattern: '^[a-z][A-Za-z0-9]{0,31}$', examples: ['marketing'] });
/** A release version name: UTC release time + content hash. */
const Version = Type.String({
  pattern: VERSION_NAME_PATTERN,
  examples: ['20300101-080000-000-0123456789'],
});
/** The page's module in the route table ("Pricing"), never a URL; empty when no page is involved. */
const Route = Type.String({ pattern: '^(?:[A-Za-z][A-Za-z0-9]{0,63})?$', maxLength: 64, examples: ['Pricing'] });

export const TelemetryEvent = Type.Object(
  {
    kind: StringEnum([...TELEMETRY_KINDS, ...VITAL_KINDS]),
    app: App,
    version: Version,
    route: Route,
    value: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 600_000,
        description: 'a web vital (lcp, inp in ms; cls unitless); only with those kinds',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TelemetryEvent = Static<typeof TelemetryEvent>;

/** base64url(claims) "." base64url(HMAC-SHA256): what the web server's /telemetry-token gave the page. */
export const TELEMETRY_TOKEN_PATTERN = '^[A-Za-z0-9_-]{16,1800}\\.[A-Za-z0-9_-]{43}$';

export const TelemetryBatch = Type.Object(
  {
    token: Type.String({
      pattern: TELEMETRY_TOKEN_PATTERN,
      maxLength: 1844,
      // The shape only (its signature is checked by the API), so a generated request is well formed.
      examples: [`eyJ2IjoxLCJleHAiOjB9.${'A'.repeat(43)}`],
      description:
        "the page load's token from the web server (GET /telemetry-token): without a valid one nothing counts",
    }),
    events: Type.Array(TelemetryEvent, { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }),
  },
  { additionalProperties: false },
);
export type TelemetryBatch = Static<typeof TelemetryBatch>;

export const TelemetrySummaryQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'default: 24 hours ago; counted from its five-minute window, or over two hours back from its hour',
      }),
    ),
    app: Type.Optional(App),
  },
  { additionalProperties: false },
);
export type TelemetrySummaryQuery = Static<typeof TelemetrySummaryQuery>;

/** A web vital of one version: how many page loads reported it and their 75th percentile. */
export const VitalSummary = Type.Object({
  samples: Type.Integer(),
  p75: Type.Union([Type.Number(), Type.Null()], {
    description: 'upper edge of the histogram bucket holding the 75th percentile; null without samples',
  }),
});
export type VitalSummary = Static<typeof VitalSummary>;

export const VersionSummary = Type.Object({
  app: Type.String(),
  version: Type.String(),
  pageLoads: Type.Integer({ description: 'full page loads that used this version' }),
  loadFailed: Type.Integer(),
  integrityFailed: Type.Integer({ description: 'why some loads failed: also counted in loadFailed' }),
  renderErrors: Type.Integer(),
  fallbacks: Type.Integer({
    description:
      'page loads served by the last known good version after this one failed (its load failure counted too)',
  }),
  errors: Type.Integer({ description: 'loadFailed + renderErrors' }),
  errorRate: Type.Union([Type.Number(), Type.Null()], { description: 'errors / pageLoads; null without loads' }),
  vitals: Type.Object({ lcp: VitalSummary, inp: VitalSummary, cls: VitalSummary }),
  networks: Type.Optional(
    Type.Object(
      { renderErrors: Type.Integer(), vitals: Type.Integer() },
      {
        description:
          'distinct networks (IPv4 /24, IPv6 /48) that reported render errors and web vitals, which only browsers see; ' +
          'given for ranges of two hours or less',
      },
    ),
  ),
});
export type VersionSummary = Static<typeof VersionSummary>;

export const TelemetrySummary = Type.Object({
  since: IsoDate,
  until: IsoDate,
  versions: Type.Array(VersionSummary),
});
export type TelemetrySummary = Static<typeof TelemetrySummary>;
