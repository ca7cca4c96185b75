import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { host, remotes } from '@kloof/apps/apps';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import type { VersionTelemetry } from '@kloof/release-registry/health';
import { e2e, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { TelemetryApi } from '../src/releases/telemetry-api';

const run = promisify(execFile);
const packageDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(packageDir, '..', '..');

/** A fresh releases folder for one test file. */
export async function freshReleasesDir(name: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `kloof-${name}-`));
}

const snapshots = new Map<string, string>();

/**
 * A private copy of an app's dist folder, taken once per test file, so the releases a test makes
 * never depend on a dist/ that a build could change under it. The suite builds before the
 * browser tests and never during them: an incomplete dist is an error, not something to wait out.
 */
export async function snapshotBuild(app: string, dir: string): Promise<string> {
  const known = snapshots.get(app);
  if (known) return known;
  const target = await fs.mkdtemp(path.join(os.tmpdir(), `kloof-dist-${app}-`));
  const required =
    app === 'host' ? ['mf-manifest.json', 'index.html', 'sw.js'] : ['mf-manifest.json', 'remoteEntry.js'];
  await fs.cp(path.join(repoRoot, dir, 'dist'), target, { recursive: true });
  const missing = (
    await Promise.all(
      required.map(async (file) => ((await fs.stat(path.join(target, file)).catch(() => null)) ? [] : [file])),
    )
  ).flat();
  if (missing.length) {
    throw new Error(`${dir}/dist has no ${missing.join(', ')}: run \`pnpm build\` first (and not while tests run).`);
  }
  snapshots.set(app, target);
  return target;
}

/** Every app by its name and folder (apps.js). */
const apps: [string, string][] = [host, ...remotes].map((app) => [app.name, app.dir]);

/** Every app released from (a snapshot of) its dist folder, as `pnpm start` does. */
export async function releaseEveryApp(releasesDir: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  for (const [app, dir] of apps) {
    await kloofWithEnv(env, releasesDir, 'release', app, '--from', await snapshotBuild(app, dir));
  }
}

/** How the release tool reads the e2e API's telemetry: as its admin (release:status, release:watch). */
export const releaseApiEnv = {
  RELEASE_API_URL: `http://127.0.0.1:${e2e.apiPort}`,
  RELEASE_API_EMAIL: e2e.admin.email,
  RELEASE_API_PASSWORD: e2e.admin.password,
};

/** The built release tool (`pnpm build:servers`, the browser tests' global setup), as `pnpm start` runs it. */
const RELEASE_TOOL = path.join(packageDir, 'dist', 'release.js');

/** The release tool's command line, as ops run it, against one releases folder. */
function releaseToolArgs(releasesDir: string, ...args: string[]): string[] {
  return ['--enable-source-maps', RELEASE_TOOL, ...args, '--releases-dir', releasesDir];
}

const releaseToolOptions = {
  cwd: packageDir,
  env: { ...process.env, ...releaseApiEnv, INIT_CWD: repoRoot, USER: 'e2e' },
};

/** Runs the release tool exactly as ops do (pnpm release ...), against one releases folder. */
export async function kloof(releasesDir: string, ...args: string[]): Promise<string> {
  return kloofWithEnv({}, releasesDir, ...args);
}

/** The release tool with extra environment variables (e.g. SITE_URL), as `SITE_URL=... pnpm release` runs it. */
export async function kloofWithEnv(env: NodeJS.ProcessEnv, releasesDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, releaseToolArgs(releasesDir, ...args), {
    ...releaseToolOptions,
    env: { ...releaseToolOptions.env, ...env },
  });
  return stdout;
}

/**
 * The release tool left running, as ops leave `pnpm release:watch` running: what it has said so
 * far (stdout and stderr), and how to stop it.
 */
export function startReleaseTool(releasesDir: string, ...args: string[]): { output: () => string; stop: () => void } {
  const child = spawn(process.execPath, releaseToolArgs(releasesDir, ...args), {
    ...releaseToolOptions,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { output: () => output, stop: () => child.kill('SIGTERM') };
}

/** Releases a build of an app as a canary for `share`% of browsers; its version, as the tool reports it. */
export async function releaseCanary(releasesDir: string, app: string, from: string, share: number): Promise<string> {
  const said = await kloof(releasesDir, 'release', app, '--from', from, '--canary', String(share));
  const version = new RegExp(`-> (\\S+) for ${share}% of browsers`).exec(said)?.[1];
  if (!version) throw new Error(`The canary release did not name its version: ${said}`);
  return version;
}

/** Page loads and errors of one app version as the API counted them (read as the admin). */
export async function countedTelemetry(app: string, version: string): Promise<VersionTelemetry | undefined> {
  const api = new TelemetryApi({ url: `http://127.0.0.1:${e2e.apiPort}`, ...e2e.admin });
  const summary = await api.summary(new Date(Date.now() - 3600_000), app);
  return summary.versions.find((v) => v.version === version);
}

/** Page loads of one app version the API counted so far (0 before the first). */
export async function countedPageLoads(app: string, version: string): Promise<number> {
  return (await countedTelemetry(app, version))?.pageLoads ?? 0;
}

/**
 * What `pnpm release:watch <app> --once` with these flags decides now, as it says it: it exits 2
 * when it rolls the canary back, and what it said is then read from the error.
 */
export async function watchOnce(releasesDir: string, app: string, ...flags: string[]): Promise<string> {
  try {
    return await kloof(releasesDir, 'watch', app, '--once', ...flags);
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/** The stable version of one app, read back from registry.json as the tool wrote it. */
export async function liveVersion(releasesDir: string, app: string): Promise<string> {
  const registry = await readRegistryFile(releasesLayout(releasesDir));
  const version = registry.apps[app]?.stable?.version;
  if (!version) throw new Error(`${app} has no stable version in ${releasesDir}/registry.json`);
  return version;
}

/** Changes a file of a build as a new build would: its brotli copy, if it has one, is written anew. */
async function appendToBuildFile(file: string, text: string): Promise<void> {
  await fs.appendFile(file, text);
  const copy = `${file}.br`;
  if (await fs.stat(copy).catch(() => null)) await fs.writeFile(copy, brotliCompressSync(await fs.readFile(file)));
}

/**
 * A copy of an app's production build (its dist folder), visibly marked so two copies are two
 * different releases: a remote's entry sets `data-<app>-build="<label>"` on the page; the host's
 * index.html carries `data-host-build="<label>"` and its service worker differs by a comment, as a
 * rebuilt host's worker does (its precache list changes).
 */
export async function markedBuild(app: string, dir: string, label: string): Promise<string> {
  const target = await fs.mkdtemp(path.join(os.tmpdir(), `kloof-build-${app}-${label}-`));
  await fs.cp(await snapshotBuild(app, dir), target, { recursive: true });
  if (app === 'host') {
    const index = path.join(target, 'index.html');
    const html = await fs.readFile(index, 'utf8');
    await fs.writeFile(index, html.replace(/<html\b/, `<html data-host-build="${label}"`));
    await appendToBuildFile(path.join(target, 'sw.js'), `\n// host build ${label}\n`);
    return target;
  }
  const attribute = `data-${app.toLowerCase()}-build`;
  await appendToBuildFile(
    path.join(target, 'remoteEntry.js'),
    `\n;document.documentElement.setAttribute(${JSON.stringify(attribute)}, ${JSON.stringify(label)});\n`,
  );
  return target;
}

export interface RunningServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** The production web server (its own process, built) on a releases folder, as `pnpm start` runs it (port 0 = any free port). */
const WEB_SERVER_MAIN = path.join(repoRoot, 'packages', 'web-server', 'dist', 'main.js');

export async function startServer(
  releasesDir: string,
  port = 0,
  serverEnv: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', WEB_SERVER_MAIN, '--releases', releasesDir, '--port', String(port)],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        API_UPSTREAM: `http://127.0.0.1:${e2e.apiPort}`,
        TELEMETRY_SECRET: e2e.telemetrySecret,
        INIT_CWD: repoRoot,
        ...serverEnv,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`static server exited (${code}): ${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, port: Number(new URL(url).port), stop };
}

/**
 * The released site for a test file that counts telemetry beacons: they reach the API (and
 * page.route) straight only without a service worker in between; offline support is tested elsewhere.
 */
export function releasedSiteForBeacons(...args: Parameters<typeof releasedSitePerFile>) {
  test.use({ serviceWorkers: 'block' });
  // Its own releases: the API counts page loads per version, and no other file loads these versions.
  return releasedSite(true, ...args);
}

/** Every app released once per worker and release-tool environment, into a folder no server serves. */
const releasedTemplates = new Map<string, Promise<string>>();

/**
 * A releases folder as a copy of every app released with `env`, as one copied to a new machine is:
 * five releases (three prerendering pages) took ~8 s per file on a quiet machine, the copy well under one.
 */
async function copyOfEveryAppReleased(releasesDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const key = JSON.stringify(Object.entries(env).sort());
  let template = releasedTemplates.get(key);
  if (!template) {
    template = freshReleasesDir('released-template').then(async (dir) => {
      await releaseEveryApp(dir, env);
      return dir;
    });
    releasedTemplates.set(key, template);
  }
  await fs.cp(await template, releasesDir, { recursive: true });
}

/**
 * One releases folder with every app released (with `env`, e.g. SITE_URL, for the release tool)
 * and one production server on it, for a whole test file (registers its beforeAll and afterAll).
 * Its versions are those of the other files of this worker: a file that counts page loads per
 * version takes `releasedSiteForBeacons`.
 */
export function releasedSitePerFile(
  name: string,
  env: NodeJS.ProcessEnv = {},
  /** The web server's own (e.g. TRUST_PROXY, so each test browser can be its own address). */
  serverEnv: NodeJS.ProcessEnv = {},
): { readonly dir: string; readonly server: RunningServer } {
  return releasedSite(false, name, env, serverEnv);
}

function releasedSite(
  ownVersions: boolean,
  name: string,
  env: NodeJS.ProcessEnv = {},
  serverEnv: NodeJS.ProcessEnv = {},
): { readonly dir: string; readonly server: RunningServer } {
  let dir = '';
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(scaled(180_000)); // five releases, each its own process, on a busy machine
    dir = await freshReleasesDir(name);
    if (ownVersions) await releaseEveryApp(dir, env);
    else await copyOfEveryAppReleased(dir, env);
    server = await startServer(dir, 0, serverEnv);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    get dir() {
      return dir;
    },
    get server() {
      if (!server) throw new Error('The released site starts in beforeAll.');
      return server;
    },
  };
}
