import { randomBytes } from 'node:crypto';
import { apiDevPort, host, remotes } from '@kloof/apps/apps';
import { siteAddress } from '@kloof/settings';
import type { Part } from './run-together.js';
import { readRunnerSettings } from './settings';

export type StackName = 'start' | 'serve' | 'dev';

/**
 * What `pnpm start`, `pnpm serve` and `pnpm dev` run side by side. API_PORT (4000) and WEB_PORT
 * (8080) move the production pair, so a second copy (a test, a colleague) can run next to the first.
 * A bad variable stops here, named, before anything starts (an EnvError).
 */
export function stacks(env: Record<string, string | undefined>): Record<StackName, Part[]> {
  const settings = readRunnerSettings(env);
  const apiPort = String(settings.apiPort);
  const webPort = String(settings.site.webPort);
  // The web server signs page-load telemetry tokens, the API verifies them: one secret for both,
  // new on each start unless given (tokens in flight at a restart stop counting, 30 min at most).
  const telemetrySecret = settings.telemetrySecret ?? randomBytes(32).toString('base64url');
  // The API's mail links and passkeys belong to the site's address: SITE_URL, else the web server here.
  const site = { SITE_URL: siteAddress(settings.site) };
  const devSite = { SITE_URL: settings.site.siteUrl ?? `http://localhost:${host.port}` };
  // Only the web server on this machine (which sets X-Forwarded-For from its socket) may name the client.
  const api: Part = {
    name: 'api',
    dir: 'packages/api-server',
    script: 'start',
    env: {
      PORT: apiPort,
      METRICS_PORT: settings.apiMetricsPort === undefined ? '' : String(settings.apiMetricsPort),
      TRUST_PROXY: '127.0.0.1',
      TELEMETRY_SECRET: telemetrySecret,
      ...site,
    },
    // A loaded spare takes over after a crash: back in the time it takes to open the database.
    spareEnv: { API_STANDBY: '1' },
  };
  const web = {
    PORT: webPort,
    METRICS_PORT: settings.webMetricsPort === undefined ? '' : String(settings.webMetricsPort),
    API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
    TELEMETRY_SECRET: telemetrySecret,
  };
  return {
    // Production runs the compiled programs (server-programs.ts); serve and dev the TypeScript.
    start: [
      { ...api, script: 'start:built' },
      { name: 'web', dir: 'packages/web-server', script: 'serve:built', env: web },
    ],
    serve: [api, { name: 'web', dir: 'packages/web-server', script: 'serve', env: web }],
    dev: [
      {
        name: 'api',
        dir: 'packages/api-server',
        script: 'dev',
        env: { PORT: String(apiDevPort), ...devSite },
      },
      ...[host, ...remotes].map((app) => ({ name: app.name, dir: app.dir, script: 'dev' })),
    ],
  };
}
