import { CONTRACT_FILE } from '@kloof/api-contract/contract-version';
import fs from 'node:fs/promises';
import { afterAll } from '@jest/globals';
import os from 'node:os';
import path from 'node:path';
import { manifestUrlOf } from '@kloof/release-registry';
import { readRegistryFile, releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { sri } from '../src/releases/registry';

const made: string[] = [];
// Registered as this module loads (a test file importing it): its folders go when the file's tests end.
afterAll(() => Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true }))));

/** A fresh temporary folder for one test; removed after the test file's last test. */
export async function tempDir(prefix = 'kloof-release-'): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A fresh temporary folder for one test and the releases folder inside it (the store writes there). */
export async function freshReleases(): Promise<{ work: string; layout: ReleasesLayout }> {
  const work = await tempDir();
  return { work, layout: releasesLayout(path.join(work, 'releases')) };
}

/** A moment of the tests' release day, `second` seconds past 10:00 UTC (a version is named after its moment). */
export const releaseMoment = (second: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, second));

export const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";

/** What a fake build declares to the compatibility gate, as a real build's manifest does. */
export interface FakeBuildFacts {
  /** Shared library -> [version provided, range required]. */
  shared?: Record<string, [string, string]>;
  /** Remote: exposed modules ('./Home'). */
  exposes?: string[];
  /** Host: remote-modules.json (what its routes load from each remote). */
  loads?: Record<string, string[]>;
  /** api-contract.json: the API contract version the build calls (none: a build that records none). */
  contract?: string;
}

/** The shared singletons of today's builds: every app provides and requires these. */
export const CURRENT_SHARED: Record<string, [string, string]> = {
  react: ['19.3.1', '^19.3.0'],
  'react-dom': ['19.3.1', '^19.3.0'],
  'react-router-dom': ['7.18.5', '^7.18.0'],
  '@emotion/react': ['11.14.0', '^11.14.0'],
  '@kloof/ui': ['1.0.0', '^1.0.0'],
};

/**
 * A small folder shaped like a real production build of one app (what rspack emits):
 * mf-manifest.json, a hashed chunk, and the remote entry (remote) or index.html (host).
 * `label` goes into the content, so two builds of one app differ.
 */
export async function fakeBuild(
  parent: string,
  app: string,
  label: string,
  facts: FakeBuildFacts = {},
): Promise<string> {
  const dir = path.join(parent, `${app}-${label}`);
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  const isHost = app === 'host';
  const manifest = {
    name: app,
    metaData: { publicPath: isHost ? '/' : 'auto', remoteEntry: { name: isHost ? '' : 'remoteEntry.js', path: '' } },
    shared: Object.entries(facts.shared ?? {}).map(([name, [version, requiredVersion]]) => ({
      name,
      version,
      requiredVersion,
      singleton: true,
    })),
    exposes: (facts.exposes ?? []).map((module) => ({ name: module.slice(2), path: module })),
  };
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (facts.loads) await fs.writeFile(path.join(dir, 'remote-modules.json'), JSON.stringify(facts.loads));
  if (facts.contract) await fs.writeFile(path.join(dir, CONTRACT_FILE), JSON.stringify({ version: facts.contract }));
  const chunk = `${label
    .padEnd(10, 'a')
    .replace(/[^0-9a-f]/g, 'a')
    .slice(0, 10)}`;
  const main = `console.log(${JSON.stringify(`${app} ${label}`)});`;
  await fs.writeFile(path.join(dir, `main.${chunk}.js`), main);
  await fs.writeFile(path.join(dir, 'assets', `logo.${chunk}.svg`), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (isHost) {
    await fs.writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body>${label}<script defer integrity="${sri(Buffer.from(main))}" src="/main.${chunk}.js"></script></body></html>`,
    );
    await fs.writeFile(path.join(dir, 'sw.js'), `/* service worker ${label} */`);
  } else {
    await fs.writeFile(path.join(dir, 'remoteEntry.js'), `var ${app} = ${JSON.stringify(label)};`);
  }
  return dir;
}

/** Remote name -> manifest URL of its stable version, as registry.json says (what the host loads). */
export async function stableManifests(layout: ReleasesLayout): Promise<Record<string, string>> {
  const registry = await readRegistryFile(layout);
  return Object.fromEntries(
    Object.entries(registry.apps).flatMap(([app, entry]) =>
      app !== 'host' && entry.stable ? [[app, manifestUrlOf(app, entry.origin, entry.stable)]] : [],
    ),
  );
}
