import { storeOf, type ReleaseTarget } from '../storage/target';
import { releasableApps } from './apps';
import { concerns, suspectHold, type HistoryEntry } from './history';
import { emptyApp, type AppRegistry } from './registry';

export interface AppStatus {
  app: string;
  /** The stable version. */
  live: string | null;
  stable: AppRegistry['stable'];
  canary: AppRegistry['canary'];
  /** Where this app's versions are published ('' = same origin). */
  origin: string;
  versions: string[];
  lastChange: HistoryEntry | null;
  /** The watcher's hold of the running canary (suspect by the browsers' word), if any. */
  suspect: HistoryEntry | null;
}

/** What is live and what is stored, per app. */
export async function status(target: ReleaseTarget): Promise<AppStatus[]> {
  const store = storeOf(target);
  const { registry } = await store.readPointer();
  const history = await store.readHistory();
  return Promise.all(
    releasableApps.map(async (app) => {
      const entry = registry.apps[app.name] ?? emptyApp();
      return {
        app: app.name,
        live: entry.stable?.version ?? null,
        stable: entry.stable,
        canary: entry.canary,
        origin: entry.origin,
        versions: await store.versions(app.name),
        lastChange: history.filter((e) => concerns(e, app.name) && e.action !== 'prune').pop() ?? null,
        suspect: entry.canary ? suspectHold(history, app.name, entry.canary.version) : null,
      };
    }),
  );
}
