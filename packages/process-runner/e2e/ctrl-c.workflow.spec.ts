import { expect, test } from '@playwright/test';
import { scaled } from '@kloof/test-kit/slowdown';
import { alarmingLines, portIsFree } from '@kloof/test-kit/e2e/workspace-command';
import { startServedPair, type ServedPair } from './serve-fixture';

// Ctrl-C on the production pair (`pnpm serve` runs what `pnpm start` runs, on the build the browser
// tests already made): every part stops, nothing alarming is printed, nothing is left listening.
test('Ctrl-C on pnpm serve stops the API and the web server quietly, exits 0 and frees both ports', async () => {
  test.setTimeout(scaled(240_000));
  let pair: ServedPair | undefined;
  try {
    pair = await startServedPair('ctrl-c');
    const { serve, apiPort, webPort } = pair;
    // The web server really forwards to this API (a request in flight while the stop begins is fine too).
    expect((await fetch(`http://127.0.0.1:${webPort}/v1/health`)).ok).toBe(true);

    const code = await serve.interrupt();

    expect(alarmingLines(serve.output()), serve.output()).toEqual([]);
    expect(code).toBe(0);
    expect(await portIsFree(apiPort)).toBe(true);
    expect(await portIsFree(webPort)).toBe(true);
  } finally {
    await pair?.cleanUp();
  }
});
