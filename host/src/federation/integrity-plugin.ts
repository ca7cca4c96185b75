import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ChosenRelease } from '@kloof/delivery/registry-client';
import { reportTelemetry } from '../telemetry/reporter';
import { chosenReleases } from './release-choice';

/**
 * Fail-closed integrity for remotes, through the federation runtime's hooks: the manifest is
 * fetched with the SHA-384 the release registry recorded; the remote entry and every file the
 * manifest pins are loaded as scripts with their `integrity`; any other file of a pinned release
 * gets a hash nothing matches. A changed byte means the browser refuses the file: the remote's
 * fallback shows, its code never runs, and a telemetry event says why.
 */

/** A well-formed SHA-384 no file has: a file a pinned release does not list is refused. */
export const UNLISTED = `sha384-${'A'.repeat(64)}`;

/** file (relative to its release folder) -> SRI, from each verified manifest. */
const pinsByRelease = new Map<string, Record<string, string>>();

export class IntegrityError extends Error {
  override name = 'IntegrityError';
}

const absolute = (url: string): string => new URL(url, window.location.href).href;
const folderOf = (manifestUrl: string): string => absolute(manifestUrl).replace(/mf-manifest\.json$/, '');

/** The pinned release a URL belongs to, with the file's path inside its folder. */
function releaseOf(url: string): { release: ChosenRelease; file: string } | undefined {
  const href = absolute(url);
  for (const release of chosenReleases()) {
    if (!release.integrity.manifest || release.app === 'host') continue;
    const folder = folderOf(release.manifestUrl);
    if (href.startsWith(folder)) return { release, file: href.slice(folder.length).split(/[?#]/)[0]! };
  }
  return undefined;
}

/** The hash a file of a pinned release must have; undefined for files of no pinned release. */
export function expectedIntegrity(url: string): string | undefined {
  const found = releaseOf(url);
  if (!found) return undefined;
  const { release, file } = found;
  if (file === 'mf-manifest.json') return release.integrity.manifest;
  if (file === release.integrity.remoteEntryPath) return release.integrity.remoteEntry ?? UNLISTED;
  return pinsByRelease.get(release.manifestUrl)?.[file] ?? UNLISTED;
}

async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** After a refused file: was it refused for its bytes (not the network)? Then report it. */
async function reportIfTampered(url: string, expected: string, release: ChosenRelease): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok || (await sha384(await response.arrayBuffer())) === expected) return false;
  } catch {
    return false;
  }
  reportTelemetry({ kind: 'integrity-failed', app: release.app, version: release.version, route: '' });
  return true;
}

/** Fetches a manifest only if it has the recorded hash, and keeps the pins it lists. */
async function verifiedManifest(
  url: string,
  init: RequestInit,
  expected: string,
  release: ChosenRelease,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, integrity: expected });
  } catch (error) {
    if (await reportIfTampered(url, expected, release)) {
      throw new IntegrityError(`${url} does not match the SHA-384 its release recorded: not loaded.`);
    }
    throw error;
  }
  const manifest = (await response.clone().json()) as { integrity?: Record<string, string> };
  pinsByRelease.set(release.manifestUrl, manifest.integrity ?? {});
  return response;
}

export function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'kloof-integrity',
    fetch(url, init) {
      const found = releaseOf(url);
      const expected = expectedIntegrity(url);
      if (!found || !expected) return undefined;
      return verifiedManifest(url, init, expected, found.release);
    },
    createScript({ url }) {
      const found = releaseOf(url);
      const expected = expectedIntegrity(url);
      if (!found || !expected) return undefined;
      const script = document.createElement('script');
      script.src = url;
      script.integrity = expected;
      script.crossOrigin = 'anonymous';
      script.addEventListener('error', () => void reportIfTampered(url, expected, found.release));
      return script;
    },
    createLink({ url, attrs }) {
      const expected = expectedIntegrity(url);
      if (!expected) return undefined;
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
      link.href = url;
      link.integrity = expected;
      link.crossOrigin = 'anonymous';
      return link;
    },
  };
}
