import { loadConfig } from '@kloof/api-server';
import { defaultReleasesDir, fromInvocationDir, releasesLayout } from '@kloof/release-store/folder';
import { EnvError } from '@kloof/settings';
import { backUp } from './backup';
import { restore } from './restore';
import { readBackupSettings } from './settings';
import type { SiteState } from './site-state';

export interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = 'usage: pnpm backup <folder> | pnpm restore <folder>\n';
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** This site as the API and the release tool find it, from the same environment they read. */
function siteOf(env: Record<string, string | undefined>): SiteState & { invocationDir?: string } {
  const settings = readBackupSettings(env);
  if (settings.store.releaseStore) {
    throw new EnvError([
      'RELEASE_STORE is set: back up the bucket with its own tools; pnpm backup copies a releases folder',
    ]);
  }
  const config = loadConfig(env);
  return {
    database: config,
    releases: releasesLayout(defaultReleasesDir(settings.store, settings.invocationDir)),
    ...(settings.pgBin ? { pgBin: settings.pgBin } : {}),
    ...(settings.invocationDir ? { invocationDir: settings.invocationDir } : {}),
  };
}

/** `backup <folder>` or `restore <folder>`: exit 0 done, 1 refused (one line on stderr), 2 misused. */
export async function main(args: string[], env: Record<string, string | undefined>, out: Output): Promise<number> {
  const [command, folder, ...rest] = args;
  if ((command !== 'backup' && command !== 'restore') || !folder || rest.length) {
    out.stderr(USAGE);
    return 2;
  }
  try {
    const site = siteOf(env);
    const dir = fromInvocationDir(folder, site.invocationDir);
    if (command === 'backup') {
      const { database, releases } = await backUp(site, dir);
      out.stdout(
        `backed up to ${dir}: database (${database.kind}) ${mib(database.bytes)}, releases ${releases.files.length} files ${mib(releases.bytes)}\n`,
      );
    } else {
      const { manifest, keptAside } = await restore(site, dir);
      out.stdout(
        `restored the backup of ${manifest.createdAt} from ${dir}; what it replaced is kept in ${keptAside.join(', ')}\n`,
      );
    }
    return 0;
  } catch (error) {
    out.stderr(`${command}: ${(error as Error).message.split('\n')[0]}\n`);
    return 1;
  }
}
