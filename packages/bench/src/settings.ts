import {
  decodeSettings,
  envReader,
  EnvError,
  Int,
  invocationDirSetting,
  setting,
  type SettingsOf,
} from '@kloof/settings';

// Every environment variable the bench reads, declared once: the check when a bench starts and
// the README's table (`pnpm --filter @kloof/bench env-table`). Its ports are its own, apart from
// the browser tests' (4100, 8180) and `pnpm start`'s, so a bench runs beside either.

export const benchSettings = {
  apiPort: setting(
    'E2E_API_PORT',
    Int(1, 65535, 4390),
    '`pnpm bench`, `bench:tasks`: port of the API they start (passed on to the browser fixtures)',
  ),
  webPort: setting(
    'E2E_WEB_PORT',
    Int(1, 65535, 8390),
    '`pnpm bench`: the federated build (monolith web + 1, prerendered web + 2); `bench:tasks`: this tree (`--before` web + 1)',
  ),
  apiBenchPort: setting(
    'BENCH_API_PORT',
    Int(1, 65535, 4300),
    '`bench:api`: first port of its servers (`--port` wins)',
  ),
  servingPort: setting(
    'BENCH_SERVING_PORT',
    Int(1, 65535, 8300),
    '`bench:serving`: first port of its servers (`--port` wins)',
  ),
  // `--results`, `--reports` and `--traces` folders resolve against it.
  invocationDir: invocationDirSetting,
};

export type BenchSettings = SettingsOf<typeof benchSettings>;

const reader = envReader(benchSettings);

/** The bench's settings from an environment (throws an EnvError listing every bad variable). */
export function readBenchSettings(env: Record<string, string | undefined>): BenchSettings {
  return decodeSettings(benchSettings, reader.read(env));
}

/** This bench's settings from its environment: a bad variable stops it with one line each, no stack. */
export function benchEnvironment(): BenchSettings {
  try {
    return readBenchSettings(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
