import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { scaled } from '@kloof/test-kit/slowdown';
import {
  alarmingLines,
  freePort,
  portIsFree,
  startWorkspaceCommand,
  waitForUrls,
  type WorkspaceCommand,
} from '@kloof/test-kit/e2e/workspace-command';

// Ctrl-C on the production pair (`pnpm serve` runs what `pnpm start` runs, on the build the browser
// tests already made): every part stops, nothing alarming is printed, nothing is left listening.
test('Ctrl-C on pnpm serve stops the API and the web server quietly, exits 0 and frees both ports', async () => {
  test.setTimeout(scaled(240_000));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-ctrl-c-'));
  let serve: WorkspaceCommand | undefined;
  try {
    serve = startWorkspaceCommand(['serve'], {
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATA_DIR: path.join(tmp, 'pglite'),
      MAIL_DIR: path.join(tmp, 'mail'),
      // A known admin, so the first start prints no bootstrap token.
      ADMIN_EMAIL: 'superadmin@ctrl-c.kloof.test',
      ADMIN_PASSWORD: 'ctrl-c-SuperAdmin-passphrase',
    });
    await waitForUrls(
      [`http://127.0.0.1:${apiPort}/v1/health`, `http://127.0.0.1:${webPort}/registry.json`],
      serve,
      scaled(180_000),
    );
    // The web server really forwards to this API (a request in flight while the stop begins is fine too).
    expect((await fetch(`http://127.0.0.1:${webPort}/v1/health`)).ok).toBe(true);

    const code = await serve.interrupt();

    expect(alarmingLines(serve.output()), serve.output()).toEqual([]);
    expect(code).toBe(0);
    expect(await portIsFree(apiPort)).toBe(true);
    expect(await portIsFree(webPort)).toBe(true);
  } finally {
    await serve?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
