import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaled } from '@kloof/test-kit/slowdown';
import {
  freePort,
  startWorkspaceCommand,
  waitForUrls,
  type WorkspaceCommand,
} from '@kloof/test-kit/e2e/workspace-command';

export interface ServedPair {
  serve: WorkspaceCommand;
  apiPort: number;
  webPort: number;
  /** Stops what is left and removes its data. */
  cleanUp(): Promise<void>;
}

/**
 * `pnpm serve` (the API and the web server, what `pnpm start` runs) on free ports with its own
 * data folder and a known admin (so no bootstrap token is printed), once both answer.
 */
export async function startServedPair(name: string): Promise<ServedPair> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kloof-${name}-`));
  const serve = startWorkspaceCommand(['serve'], {
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    DATA_DIR: path.join(tmp, 'pglite'),
    MAIL_DIR: path.join(tmp, 'mail'),
    ADMIN_EMAIL: `superadmin@${name}.kloof.test`,
    ADMIN_PASSWORD: `${name}-SuperAdmin-passphrase`,
  });
  const cleanUp = async () => {
    await serve.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await waitForUrls(
      [`http://127.0.0.1:${apiPort}/v1/health`, `http://127.0.0.1:${webPort}/registry.json`],
      serve,
      scaled(180_000),
    );
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { serve, apiPort, webPort, cleanUp };
}
