import type {
  ReleaseApp,
  ReleaseChange,
  ReleaseHistoryPage,
  ReleaseHistoryQuery,
  ReleaseSetLive,
  ReleasesOverview,
} from '@kloof/api-contract';
import { configuredStore } from '@kloof/release-tool/configured-store';
import { describeChange } from '@kloof/release-tool/format';
import { concerns } from '@kloof/release-tool/history';
import { ReleaseError, type ChangeResult } from '@kloof/release-tool/store';
import type { Config } from '../../config';
import { conflict, notFound } from '../../lib/http-error';
import { decodeCursor, limitOf, pageFrom } from '../../lib/keyset';

/** The apps the release tool knows, in its order (apps.js). */
export const RELEASE_APPS = ['host', 'marketing', 'auth', 'clientArea', 'admin'] as const;

/** Said when another change holds the releases lock past its retries (a long prerender, a stuck process). */
export const LOCK_BUSY =
  'Another release change is running and holds the releases lock; try again when it has finished.';

type ReleaseStore = ReturnType<typeof configuredStore>;

/**
 * The store the release tool would use with the same settings (RELEASES_DIR, RELEASE_STORE and the
 * S3 settings, declared once in @kloof/settings). A bucket's credentials come from the AWS SDK's own
 * chain on the server; nothing of them reaches an answer.
 */
export function releaseStoreOf(config: Config): ReleaseStore {
  return configuredStore(undefined, {
    store: config.releases,
    invocationDir: undefined,
    aws: { accessKeyId: undefined, secretAccessKey: undefined, sessionToken: undefined },
  });
}

/** 404 for an app the release tool does not know. */
export function knownApp(app: string): string {
  if (!(RELEASE_APPS as readonly string[]).includes(app)) {
    throw notFound(`Unknown app "${app}". Known apps: ${RELEASE_APPS.join(', ')}.`);
  }
  return app;
}

/** Per app what is live, and the release sets still live, from registry.json. */
export async function readOverview(store: ReleaseStore, canChange: boolean): Promise<ReleasesOverview> {
  const { registry } = await store.readPointer();
  const sets = new Map<string, ReleaseSetLive>();
  const apps: ReleaseApp[] = RELEASE_APPS.map((app) => {
    const entry = registry.apps[app];
    const live = (release: { version: string; releasedAt: string; releasedBy: string; set?: string } | null) =>
      release && {
        version: release.version,
        releasedAt: release.releasedAt,
        releasedBy: release.releasedBy,
        ...(release.set ? { set: release.set } : {}),
      };
    for (const [state, release] of [
      ['canary', entry?.canary],
      ['stable', entry?.stable],
    ] as const) {
      if (!release?.set) continue;
      const set = sets.get(release.set) ?? { id: release.set, state, apps: [] };
      if (state === 'canary') set.state = 'canary';
      if (!set.apps.includes(app)) set.apps.push(app);
      sets.set(release.set, set);
    }
    return {
      app,
      origin: entry?.origin ?? '',
      stable: live(entry?.stable ?? null),
      canary: entry?.canary ? { ...live(entry.canary)!, share: entry.canary.share } : null,
      previous: entry?.previous ?? null,
      lastKnownGood: entry?.fallback?.version ?? null,
    };
  });
  return { apps, sets: [...sets.values()], canChange };
}

/**
 * history.jsonl newest first, a page at a time. It is only ever appended to, so a line's place
 * (its number, from the oldest) is a stable key: a page after line n is the lines before it.
 */
export async function readHistoryPage(store: ReleaseStore, query: ReleaseHistoryQuery): Promise<ReleaseHistoryPage> {
  const history = await store.readHistory();
  const before = query.after ? (decodeCursor(query.after, ['int'])[0] as number) : history.length;
  const limit = limitOf(query);
  const lines: number[] = [];
  for (let line = Math.min(before, history.length) - 1; line >= 0 && lines.length <= limit; line -= 1) {
    if (!query.app || concerns(history[line]!, query.app)) lines.push(line);
  }
  return pageFrom(
    lines,
    limit,
    (line) => [line],
    (line) => history[line]!,
  );
}

/**
 * Runs one of the release tool's changes and answers what it did in the tool's own words. Its
 * refusals (no canary, not stored, the gate) are 409 with the tool's message; nothing changed.
 */
export async function runReleaseChange(change: () => Promise<ChangeResult>, named: string): Promise<ReleaseChange> {
  let result: ChangeResult;
  try {
    result = await change();
  } catch (error) {
    if (error instanceof ReleaseError) throw conflict(error.message);
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw conflict(LOCK_BUSY);
    throw error;
  }
  return {
    app: result.app,
    action: result.action,
    from: result.from,
    to: result.to,
    ...(result.share !== undefined ? { share: result.share } : {}),
    ...(result.set ? { set: result.set.id } : {}),
    message: describeChange(result, named),
    time: new Date().toISOString(),
  };
}
