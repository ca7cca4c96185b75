import path from 'node:path';

/**
 * The releases folder, the same layout a static host or CDN gets:
 *
 *   registry.json            per app: stable and canary version, share, integrity, who and when
 *   remotes.json             remote name -> URL of its stable mf-manifest.json (previous format, derived)
 *   host.json                { "version": <stable host version> }          (previous format, derived)
 *   history.jsonl            one line per change: time, app, action, from, to, who
 *   <app>/<version>/         one immutable build per release
 */
export interface ReleasesLayout {
  root: string;
  registryFile: string;
  remotesFile: string;
  hostFile: string;
  historyFile: string;
  appDir: (app: string) => string;
  versionDir: (app: string, version: string) => string;
}

export function releasesLayout(root: string): ReleasesLayout {
  const resolved = path.resolve(root);
  return {
    root: resolved,
    registryFile: path.join(resolved, 'registry.json'),
    remotesFile: path.join(resolved, 'remotes.json'),
    hostFile: path.join(resolved, 'host.json'),
    historyFile: path.join(resolved, 'history.jsonl'),
    appDir: (app) => path.join(resolved, app),
    versionDir: (app, version) => path.join(resolved, app, version),
  };
}

/** The local releases folder (gitignored, inside this package: the repo's top level is fixed), unless RELEASES_DIR says otherwise. */
export function defaultReleasesDir(repoRoot: string): string {
  const configured = process.env.RELEASES_DIR;
  return configured
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), configured)
    : path.join(repoRoot, 'packages', 'delivery', '.releases');
}
