import {
  apiMetricsPortSetting,
  apiPortSetting,
  decodeSettings,
  envReader,
  setting,
  siteSettings,
  Text,
  type SettingsOf,
  webMetricsPortSetting,
} from '@kloof/settings';

// Every environment variable the process runner reads, declared once: what stacks.ts passes on,
// the check at start and the README's table (`pnpm --filter @kloof/process-runner env-table`).
// The ports and the site's address are the shared declarations (@kloof/settings), one default each.

export const runnerSettings = {
  apiPort: apiPortSetting,
  telemetrySecret: setting(
    'TELEMETRY_SECRET',
    Text({ minLength: 32 }),
    'the secret the web server signs telemetry tokens with and the API checks them with (32+ characters)',
    'new on each start',
  ),
  // Each part's METRICS_PORT under start and serve: one variable would be both parts' and collide.
  apiMetricsPort: apiMetricsPortSetting,
  webMetricsPort: webMetricsPortSetting,
  // Passed to the API under start and serve; under `pnpm dev` the site is the host's dev server.
  site: siteSettings,
};

export type RunnerSettings = SettingsOf<typeof runnerSettings>;

const reader = envReader(runnerSettings);

/** The runner's settings from an environment (throws an EnvError listing every bad variable). */
export function readRunnerSettings(env: Record<string, string | undefined>): RunnerSettings {
  return decodeSettings(runnerSettings, reader.read(env));
}
