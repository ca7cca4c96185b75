// @ts-check
import { tsImport } from 'tsx/esm/api';

// @kloof/settings is TypeScript: imported as it is where TypeScript loads (Jest, tsx), through tsx
// under Rspack's CLI on plain Node.
/** @type {typeof import('@kloof/settings')} */
const { decodeSettings, envReader, list, setting, Text } = await import('@kloof/settings').catch(() =>
  tsImport('@kloof/settings', import.meta.url),
);

// Every environment variable the app builds read (each app's Rspack config, the host's dev
// server), declared once with @kloof/settings: one default each, checked when a build starts.

export const buildSettings = {
  nodeEnv: setting(
    'NODE_ENV',
    Text(),
    'without `--mode`: `production` builds for production, anything else for development',
    'development',
  ),
  sourceMaps: setting(
    'SOURCE_MAPS',
    Text({ pattern: '^hidden$', rule: '`hidden` or unset' }),
    'production builds: `hidden` writes source maps beside the bundles (no `sourceMappingURL`; never served)',
    'none',
  ),
  registryFrom: setting(
    'REGISTRY_FROM',
    Text({ pattern: '^https?://', rule: 'the http(s) URL of a deployed registry.json' }),
    "the host's dev server: registry.json built from this deployed one, local remotes in place of theirs",
  ),
  remoteOverrides: setting(
    'REMOTE_OVERRIDES',
    Text(),
    "the host's dev server: `name=<url of its mf-manifest.json>,...`, remotes served from elsewhere",
    { decode: list },
  ),
};

const reader = envReader(buildSettings);

/**
 * @param {Record<string, string | undefined>} env
 * @returns {import('@kloof/settings').SettingsOf<typeof buildSettings>}
 */
export function readBuildSettings(env) {
  return decodeSettings(buildSettings, reader.read(env));
}

/** @type {ReturnType<typeof readBuildSettings> | undefined} */
let current;

/** This build's settings, read from its environment once. */
export function buildEnvironment() {
  return (current ??= readBuildSettings(process.env));
}
