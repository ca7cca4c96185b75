import { AsyncLocalStorage } from 'node:async_hooks';
import {
  apiPortSetting,
  decodeSettings,
  envReader,
  invocationDirSetting,
  releaseStoreSettings,
  setting,
  siteSettings,
  Text,
  type SettingsOf,
} from '@kloof/settings';

// Every environment variable the release tool reads, declared once: the check when a command
// starts and the README's table (`pnpm --filter @kloof/release-tool env-table`). The site's
// address, the API's port and where releases live are the shared declarations (@kloof/settings).

export const releaseToolSettings = {
  store: releaseStoreSettings,
  // Paths typed on the command line (`--releases-dir`, `--from`, RELEASES_DIR) resolve against it.
  invocationDir: invocationDirSetting,
  user: setting(
    'USER',
    Text(),
    'who is recorded in `registry.json` and the history; refused if it holds a control character',
    "the system's user name",
  ),
  // The origin the prerendered pages are rendered for (canonical, Open Graph, Organization).
  site: siteSettings,
  api: {
    url: setting('RELEASE_API_URL', Text(), 'status, watch: the API to read error rates from (`--api` wins)', {
      shown: '`http://127.0.0.1:<API_PORT>`',
      decode: (value) => value?.replace(/\/$/, ''),
    }),
    port: apiPortSetting,
    email: setting('RELEASE_API_EMAIL', Text(), 'status, watch: an Admin to sign in as, with `RELEASE_API_PASSWORD`'),
    password: setting('RELEASE_API_PASSWORD', Text(), "status, watch: that Admin's password"),
    token: setting('RELEASE_API_TOKEN', Text(), "status, watch: or an Admin's access token"),
  },
  // Given to the S3 client from the command's environment (a command run in process has its own);
  // unset, the AWS SDK looks for credentials itself.
  aws: {
    accessKeyId: setting(
      'AWS_ACCESS_KEY_ID',
      Text(),
      'with `RELEASE_STORE`: the access key, with `AWS_SECRET_ACCESS_KEY` (unset: `AWS_PROFILE`, instance roles)',
    ),
    secretAccessKey: setting('AWS_SECRET_ACCESS_KEY', Text(), "with `RELEASE_STORE`: the access key's secret"),
    sessionToken: setting('AWS_SESSION_TOKEN', Text(), 'with `RELEASE_STORE`: a temporary session token'),
  },
};

export type ReleaseToolSettings = SettingsOf<typeof releaseToolSettings>;

// A password may start or end with a space.
const reader = envReader(releaseToolSettings, { keptAsGiven: ['RELEASE_API_PASSWORD'] });

/** The release tool's settings from an environment (throws an EnvError listing every bad variable). */
export function readReleaseToolSettings(env: Record<string, string | undefined>): ReleaseToolSettings {
  return decodeSettings(releaseToolSettings, reader.read(env));
}

export type Environment = Record<string, string | undefined>;

/** The environment of the command running now, when it was given one (see `withEnvironment`). */
const commandEnvironment = new AsyncLocalStorage<Environment>();

/**
 * Runs one command with its own environment: what `releaseToolEnvironment` and `invocationDir` read
 * inside it (tests run commands in process, each with the variables a shell would give it).
 */
export function withEnvironment<T>(env: Environment, run: () => T): T {
  return commandEnvironment.run(env, run);
}

const environment = (): Environment => commandEnvironment.getStore() ?? process.env;

/** The command's settings, read from its environment when a command needs them (cheap; never stale). */
export function releaseToolEnvironment(): ReleaseToolSettings {
  return readReleaseToolSettings(environment());
}

/** Where the command was typed (pnpm sets INIT_CWD; its scripts run elsewhere): relative paths start here. */
export function invocationDir(): string {
  return releaseToolEnvironment().invocationDir ?? process.cwd();
}
