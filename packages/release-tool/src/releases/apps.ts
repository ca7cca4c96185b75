import { host, remotes, type AppInfo } from '@kloof/apps/apps';

/** What a release of an app must contain, so a broken build folder is refused. */
export type AppKind = 'host' | 'remote';

export interface ReleasableApp extends AppInfo {
  kind: AppKind;
}

/** Every app that ships on its own: the host and each remote (names from apps.js). */
export const releasableApps: readonly ReleasableApp[] = [
  { ...host, kind: 'host' },
  ...remotes.map((remote) => ({ ...remote, kind: 'remote' as const })),
];

/** Refused input (unknown app, missing version, broken folder): shown as is, nothing changed. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/**
 * An app by its Module Federation name ("clientArea") or its folder name ("client-area"),
 * so ops can type either.
 */
export function findApp(name: string): ReleasableApp {
  const found = releasableApps.find((app) => app.name === name || app.dir.split('/').pop() === name);
  if (!found) {
    throw new ReleaseError(`Unknown app "${name}". Known apps: ${releasableApps.map((a) => a.name).join(', ')}.`);
  }
  return found;
}
