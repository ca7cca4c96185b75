#!/usr/bin/env tsx
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findApp, releasableApps, ReleaseError } from '../releases/apps';
import { describeChange, describeEntry, describeStatus } from '../releases/format';
import { readHistory } from '../releases/history';
import { defaultReleasesDir, releasesLayout } from '../releases/layout';
import { release, rollback, status } from '../releases/store';
import { fromInvocationDir, repoRoot } from './repo-root';

const usage = `Usage:
  release <app>|--all [--from <built folder>] [--skip-build] [--origin <url>]
  rollback <app> [<version>] [--origin <url>]
  status
  history [<app>]
Options: --releases-dir <dir> (default: RELEASES_DIR or packages/delivery/.releases)
Apps: ${releasableApps.map((a) => a.name).join(', ')}`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    all: { type: 'boolean' },
    'skip-build': { type: 'boolean' },
    origin: { type: 'string' },
    'releases-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const layout = releasesLayout(
  values['releases-dir'] ? fromInvocationDir(values['releases-dir']) : defaultReleasesDir(repoRoot),
);
const [command, ...args] = positionals;

/** Builds one app the way CI does, so a release is always a production build. */
function build(appDir: string): void {
  const result = spawnSync('pnpm', ['--filter', `./${appDir}`, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new ReleaseError(`Building ${appDir} failed; nothing was released.`);
}

async function releaseOne(name: string): Promise<void> {
  const app = findApp(name);
  const from = values.from ? fromInvocationDir(values.from) : path.join(repoRoot, app.dir, 'dist');
  if (!values.from && !values['skip-build']) build(app.dir);
  console.log(describeChange('release', await release(layout, app.name, from, { origin: values.origin })));
}

async function main(): Promise<void> {
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  switch (command) {
    case 'release': {
      if (values.all) {
        if (values.from) throw new ReleaseError('--from names the folder of one app; it cannot be used with --all.');
        for (const app of releasableApps) await releaseOne(app.name);
        return;
      }
      if (args.length !== 1) throw new ReleaseError(`Name one app to release.\n${usage}`);
      await releaseOne(args[0]!);
      return;
    }
    case 'rollback': {
      if (args.length < 1 || args.length > 2)
        throw new ReleaseError(`Name one app, and optionally a version.\n${usage}`);
      console.log(describeChange('rollback', await rollback(layout, args[0]!, args[1], { origin: values.origin })));
      return;
    }
    case 'status':
      console.log(`Releases in ${layout.root}\n${describeStatus(await status(layout))}`);
      return;
    case 'history': {
      const app = args[0] ? findApp(args[0]).name : null;
      const entries = (await readHistory(layout)).filter((e) => !app || e.app === app);
      console.log(entries.length ? entries.map(describeEntry).join('\n') : 'No releases yet.');
      return;
    }
    default:
      throw new ReleaseError(`Unknown command "${command}".\n${usage}`);
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`error: ${error.message}`);
  process.exitCode = 1;
}
