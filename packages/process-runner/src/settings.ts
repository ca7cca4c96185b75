import { decodeSettings, envReader, Int, setting, Text, type SettingsOf } from '@kloof/settings';

// Every environment variable the process runner reads, declared once: what stacks.ts passes on,
// the check at start and the README's table (`pnpm --filter @kloof/process-runner env-table`).

export const runnerSettings = {
  apiPort: setting('API_PORT', Int(1, 65535, 4000), 'port of the API under `pnpm start` and `pnpm serve`'),
  webPort: setting('WEB_PORT', Int(1, 65535, 8080), 'port of the web server under `pnpm start` and `pnpm serve`'),
  telemetrySecret: setting(
    'TELEMETRY_SECRET',
    Text({ minLength: 32 }),
    'the secret the web server signs telemetry tokens with and the API checks them with (32+ characters)',
    'new on each start',
  ),
  siteUrl: setting(
    'SITE_URL',
    Text(),
    "the site's public origin, which passkeys belong to (passed to the API)",
    '`http://localhost:<WEB_PORT>` (`http://localhost:3000` under `pnpm dev`)',
  ),
};

export type RunnerSettings = SettingsOf<typeof runnerSettings>;

const reader = envReader(runnerSettings);

/** The runner's settings from an environment (throws an EnvError listing every bad variable). */
export function readRunnerSettings(env: Record<string, string | undefined>): RunnerSettings {
  return decodeSettings(runnerSettings, reader.read(env));
}
