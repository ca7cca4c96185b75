import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { apiServerEnv, e2e } from '@kloof/test-kit/e2e/environment';
import {
  freePort,
  startWorkspaceCommand,
  waitForUrls,
  type WorkspaceCommand,
} from '@kloof/test-kit/e2e/workspace-command';
import { scaled } from '@kloof/test-kit/slowdown';

export interface Site {
  webPort: number;
  baseUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

/**
 * The production web server and an API with the product's default per-address and per-account
 * code limits. The shared browser-test API lifts them (no test should reach one by accident), so
 * attacks that only work against the defaults are shown here.
 */
export async function startDefaultLimitsSite(): Promise<Site> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${webPort}`;
  const started: WorkspaceCommand[] = [];
  const stop = async () => {
    await Promise.all(started.map((command) => command.stop()));
  };
  try {
    const api = startWorkspaceCommand(['--filter', '@kloof/api-server', 'start'], {
      ...apiServerEnv(),
      PORT: String(apiPort),
      DATA_DIR: path.join(os.tmpdir(), `kloof-e2e-defaults-${randomUUID()}`),
      APP_URL: baseUrl,
      SITE_URL: baseUrl,
      CORS_ORIGINS: baseUrl,
      RATE_LIMIT_LOGIN: '20',
      RATE_LIMIT_OTP: '20',
      RATE_LIMIT_PASSKEY: '30',
    });
    started.push(api);
    const web = startWorkspaceCommand(['--filter', '@kloof/web-server', 'serve'], {
      PORT: String(webPort),
      API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
      TELEMETRY_SECRET: e2e.telemetrySecret,
    });
    started.push(web);
    await waitForUrls([`http://127.0.0.1:${apiPort}/v1/health`], api, scaled(120_000));
    await waitForUrls([`${baseUrl}/registry.json`], web, scaled(60_000));
  } catch (err) {
    await stop();
    throw err;
  }
  return { webPort, baseUrl, apiUrl: `http://127.0.0.1:${apiPort}/v1`, stop };
}
