import { readRegistryFile } from '@kloof/release-registry/folder';
import { releasableApps } from './apps';
import { readHistory, type HistoryEntry } from './history';
import type { ReleasesLayout } from '@kloof/release-registry/folder';
import { emptyApp, type AppRegistry } from './registry';
import { storedVersions } from './versions';

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
}

/** What is live and what is stored, per app. */
export async function status(layout: ReleasesLayout): Promise<AppStatus[]> {
  const registry = await readRegistryFile(layout);
  const history = await readHistory(layout);
  return Promise.all(
    releasableApps.map(async (app) => {
      const entry = registry.apps[app.name] ?? emptyApp();
      return {
        app: app.name,
        live: entry.stable?.version ?? null,
        stable: entry.stable,
        canary: entry.canary,
        origin: entry.origin,
        versions: await storedVersions(layout.appDir(app.name)),
        lastChange: history.filter((e) => e.app === app.name && e.action !== 'prune').pop() ?? null,
      };
    }),
  );
}
