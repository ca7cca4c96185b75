import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ChosenRelease } from '@kloof/release-registry';
import { reportTelemetry } from '../telemetry/reporter';
import { chosenReleases } from './release-choice';

/**
 * Fail-closed integrity for remotes, through the federation runtime's hooks: a remote's entry is
 * loaded as a script with the SHA-384 the release registry recorded for it, and the entry loads
 * each of its chunks with the SHA-384 its build pinned (the remotes' SubresourceIntegrityPlugin).
 * Any other file of a pinned release the runtime asks for gets a hash nothing matches. A changed
 * byte means the browser refuses the file: the remote's fallback shows, its code never runs, and
 * a telemetry event says why.
 */

/** A well-formed SHA-384 no file has: a file a pinned release does not list is refused. */
export const UNLISTED = `sha384-${'A'.repeat(64)}`;

const absolute = (url: string): string => new URL(url, window.location.href).href;
const folderOf = (manifestUrl: string): string => absolute(manifestUrl).replace(/mf-manifest\.json$/, '');

/** The pinned release a URL belongs to, with the file's path inside its folder. */
function releaseOf(url: string): { release: ChosenRelease; file: string } | undefined {
  const href = absolute(url);
  for (const release of chosenReleases()) {
    if (!release.integrity?.manifest || release.app === 'host') continue;
    const folder = folderOf(release.manifestUrl);
    if (href.startsWith(folder)) return { release, file: href.slice(folder.length).split(/[?#]/)[0]! };
  }
  return undefined;
}

/** The hash a file the runtime loads must have; undefined for files of no pinned release. */
export function expectedIntegrity(url: string): string | undefined {
  const found = releaseOf(url);
  if (!found) return undefined;
  const { release, file } = found;
  if (file === release.integrity?.remoteEntryPath) return release.integrity?.remoteEntry ?? UNLISTED;
  return UNLISTED;
}

async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** After a refused file: was it refused for its bytes (not the network)? Then report it. */
async function reportIfTampered(url: string, expected: string, release: ChosenRelease): Promise<void> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok || (await sha384(await response.arrayBuffer())) === expected) return;
  } catch {
    return;
  }
  reportTelemetry({ kind: 'integrity-failed', app: release.app, version: release.version, route: '' });
}

export function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'kloof-integrity',
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
