import path from 'node:path';
import { storedPath } from './stored-path';

/**
 * The releases folder, the same layout a static host or CDN gets:
 *
 *   registry.json            the one pointer: per app stable and canary version, share, integrity, who and when
 *   history.jsonl            one line per change: time, app, action, from, to, who
 *   <app>/<version>/         one immutable build per release
 *   pages/host-<v>+<remote>-<v>/    the pages prerendered for one host and page remote (marketing, auth) pair
 */
export interface ReleasesLayout {
  root: string;
  registryFile: string;
  historyFile: string;
  appDir: (app: string) => string;
  versionDir: (app: string, version: string) => string;
}

export function releasesLayout(root: string): ReleasesLayout {
  const resolved = path.resolve(root);
  return {
    root: resolved,
    registryFile: path.join(resolved, 'registry.json'),
    historyFile: path.join(resolved, 'history.jsonl'),
    // App and version names come from registry.json, a bucket or a folder listing: checked, never trusted as paths.
    appDir: (app) => storedPath(resolved, app),
    versionDir: (app, version) => storedPath(resolved, app, version),
  };
}
