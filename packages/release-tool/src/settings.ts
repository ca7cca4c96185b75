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
};

export type ReleaseToolSettings = SettingsOf<typeof releaseToolSettings>;

// A password may start or end with a space.
const reader = envReader(releaseToolSettings, { keptAsGiven: ['RELEASE_API_PASSWORD'] });

/** The release tool's settings from an environment (throws an EnvError listing every bad variable). */
export function readReleaseToolSettings(env: Record<string, string | undefined>): ReleaseToolSettings {
  return decodeSettings(releaseToolSettings, reader.read(env));
}

/** This process's settings, read from its environment when a command needs them (cheap; never stale). */
export function releaseToolEnvironment(): ReleaseToolSettings {
  return readReleaseToolSettings(process.env);
}
