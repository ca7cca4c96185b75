import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { scaled } from '@kloof/test-kit/slowdown';
import { startServedPair, type ServedPair } from './serve-fixture';

/** The pid of the process listening on a local TCP port (ss from iproute2). */
function listenerPid(port: number): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}: ${line}`);
  return Number(pid);
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

// `pnpm serve` runs what `pnpm start` runs (the API and the web server), on the build the browser
// tests already made. The API killed with SIGKILL must not take the web server with it.
test('kill -9 of the API under pnpm serve: public pages keep answering and the API is back within seconds', async () => {
  test.setTimeout(scaled(240_000));
  let pair: ServedPair | undefined;
  try {
    pair = await startServedPair('crash');
    const { serve, apiPort, webPort } = pair;
    const site = `http://127.0.0.1:${webPort}`;
    const webPid = listenerPid(webPort);

    process.kill(listenerPid(apiPort), 'SIGKILL');
    expect(await status(`${site}/`)).toBe(200);

    // While the API is away the pages are still served; the API answers again by itself.
    const killedAt = Date.now();
    await expect.poll(() => status(`${site}/v1/health`), { timeout: scaled(60_000), intervals: [100] }).toBe(200);
    const downForMs = Date.now() - killedAt;
    expect(await status(`${site}/`)).toBe(200);
    expect(listenerPid(webPort)).toBe(webPid);
    expect(serve.output()).toMatch(
      /\[api\s*\] stopped on its own \(SIGKILL\); starting it again at once \(restart 1\)/,
    );
    expect(serve.output()).toMatch(/\[api\s*\] its spare takes over/);
    test.info().annotations.push({ type: 'API back after kill -9', description: `${downForMs} ms` });

    expect(await serve.interrupt()).toBe(0);
  } finally {
    await pair?.cleanUp();
  }
});
