import { Type, type Static } from '@sinclair/typebox';
import { VERSION_NAME_PATTERN } from '../constants';
import { CursorPageOf, CursorQuery, IsoDate, StringEnum } from './common';
import { VersionSummary } from './telemetry';

/**
 * The releases console: what is live per app (as registry.json says), who changed it and why (as
 * history.jsonl says), and the changes an operator makes through the release tool's own functions.
 * Storage stays on the server: no path, bucket or credential is in any of these.
 */

/** A Module Federation name (apps.js): host, marketing, auth, clientArea, admin. */
const App = Type.String({ pattern: '^[a-z][A-Za-z0-9]{0,31}$', examples: ['marketing'] });
/** A release version name: UTC release time + content hash. */
const Version = Type.String({ pattern: VERSION_NAME_PATTERN, examples: ['20300101-080000-000-0123456789'] });

export const ReleaseLive = Type.Object({
  version: Type.String(),
  releasedAt: Type.String(),
  releasedBy: Type.String(),
  /** The release set it went live in. */
  set: Type.Optional(Type.String()),
});
export type ReleaseLive = Static<typeof ReleaseLive>;

export const ReleaseCanary = Type.Intersect([ReleaseLive, Type.Object({ share: Type.Integer() })]);
export type ReleaseCanary = Static<typeof ReleaseCanary>;

/** One app as registry.json has it. */
export const ReleaseApp = Type.Object({
  app: Type.String(),
  /** Where its versions are published ('' = the site itself). */
  origin: Type.String(),
  stable: Type.Union([ReleaseLive, Type.Null()]),
  canary: Type.Union([ReleaseCanary, Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  /** The version browsers fall back to when theirs fails to load (a remote's rollback target). */
  lastKnownGood: Type.Union([Type.String(), Type.Null()]),
});
export type ReleaseApp = Static<typeof ReleaseApp>;

/** A release set still live: as a canary, or as the stable versions it made. */
export const ReleaseSetLive = Type.Object({
  id: Type.String(),
  state: StringEnum(['canary', 'stable'] as const),
  apps: Type.Array(Type.String()),
});
export type ReleaseSetLive = Static<typeof ReleaseSetLive>;

export const ReleasesOverview = Type.Object({
  apps: Type.Array(ReleaseApp),
  sets: Type.Array(ReleaseSetLive),
  /** Whether the caller may change releases (SuperAdmin or system user); Admins read only. */
  canChange: Type.Boolean(),
});
export type ReleasesOverview = Static<typeof ReleasesOverview>;

/** One line of the history: a change, who made it and why. */
export const ReleaseHistoryEntry = Type.Object({
  time: Type.String(),
  app: Type.String(),
  action: Type.String(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  who: Type.String(),
  share: Type.Optional(Type.Number()),
  reason: Type.Optional(Type.String()),
  forced: Type.Optional(Type.Array(Type.String())),
  set: Type.Optional(Type.String()),
  apps: Type.Optional(
    Type.Array(Type.Object({ app: Type.String(), from: Type.Union([Type.String(), Type.Null()]), to: Type.String() })),
  ),
});
export type ReleaseHistoryEntry = Static<typeof ReleaseHistoryEntry>;

/** Newest first; `app` keeps the changes that moved it (a set's line when the set did). */
export const ReleaseHistoryQuery = Type.Object(
  { app: Type.Optional(App), ...CursorQuery },
  { additionalProperties: false },
);
export type ReleaseHistoryQuery = Static<typeof ReleaseHistoryQuery>;

export const ReleaseHistoryPage = CursorPageOf(ReleaseHistoryEntry);
export type ReleaseHistoryPage = Static<typeof ReleaseHistoryPage>;

/** Any name: an unknown app is the API's 404 naming the known ones (after the sign-in is checked). */
export const ReleaseAppParams = Type.Object({
  app: Type.String({ minLength: 1, maxLength: 64, examples: ['marketing'] }),
});
export type ReleaseAppParams = Static<typeof ReleaseAppParams>;

/** Why, in the operator's words: recorded in the history beside who. One line. */
const Reason = Type.String({ minLength: 3, maxLength: 500, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$' });

export const ReleaseActionBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type ReleaseActionBody = Static<typeof ReleaseActionBody>;

/** Without `version`: back to the previous stable version (a running canary is aborted instead). */
export const ReleaseRollbackBody = Type.Object(
  { reason: Reason, version: Type.Optional(Version) },
  { additionalProperties: false },
);
export type ReleaseRollbackBody = Static<typeof ReleaseRollbackBody>;

export const CanaryShareBody = Type.Object(
  { reason: Reason, share: Type.Integer({ minimum: 1, maximum: 99, description: 'percent of browsers' }) },
  { additionalProperties: false },
);
export type CanaryShareBody = Static<typeof CanaryShareBody>;

/** What a change did, and the release tool's own line for it. */
export const ReleaseChange = Type.Object({
  app: Type.String(),
  action: Type.String(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  share: Type.Optional(Type.Integer()),
  set: Type.Optional(Type.String()),
  message: Type.String(),
  time: IsoDate,
});
export type ReleaseChange = Static<typeof ReleaseChange>;

/** From when (default: the last 24 hours); two hours or less in 5-minute windows, longer in hours. */
export const ReleaseHealthQuery = Type.Object({ since: Type.Optional(IsoDate) }, { additionalProperties: false });
export type ReleaseHealthQuery = Static<typeof ReleaseHealthQuery>;

/** One app's versions window by window (page loads, errors, error rate, LCP/INP/CLS p75), with what is live now. */
export const ReleaseHealth = Type.Object({
  app: Type.String(),
  since: IsoDate,
  until: IsoDate,
  /** Minutes per window: 5, or 60 for ranges over two hours. */
  span: Type.Integer(),
  stable: Type.Union([Type.String(), Type.Null()]),
  canary: Type.Union([Type.String(), Type.Null()]),
  windows: Type.Array(Type.Object({ start: IsoDate, versions: Type.Array(VersionSummary) })),
});
export type ReleaseHealth = Static<typeof ReleaseHealth>;
