/**
 * What a releases-console change costs: BENCH_RUNS (30) canary share changes through
 * POST /v1/releases/marketing/canary-share (sign-in, role, fresh proof, the release tool's lock,
 * plan, gate and commit) and as many through the release tool's own changeCanaryShare (what the
 * CLI runs), on one releases folder; prints the median and the spread (p10-p90, min-max) of each.
 *   pnpm --filter @kloof/api-server bench:releases
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { changeCanaryShare, release } from '@kloof/release-tool/store';
import { startTestServer } from '../testing/harness';
import { createUser, proveFresh } from '../testing/users';
import { releaseStoreOf } from '../src/modules/releases/releases.service';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-bench-releases-'));
const s = await startTestServer({ env: { RELEASES_DIR: path.join(work, 'releases') } });
const store = releaseStoreOf(s.config);
// The marketing build (pnpm build first), and a copy one comment apart as its canary.
const built = path.resolve(import.meta.dirname, '../../../remotes/marketing/dist');
const canaryBuild = path.join(work, 'marketing-canary');
await fs.cp(built, canaryBuild, { recursive: true });
await fs.appendFile(path.join(canaryBuild, 'remoteEntry.js'), '\n// canary\n');
await release(store, 'marketing', built);
await release(store, 'marketing', canaryBuild, { canary: 10 });
const operator = await createUser(s, { roles: ['SuperAdmin'] });

/** Times `change` `runs` times, each to the other of two shares (a share equal to the live one is refused). */
async function timed(change: (share: number) => Promise<void>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await change(i % 2 ? 20 : 30);
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const line = (what: string, sorted: number[]) =>
  `${what}: median ${at(sorted, 0.5).toFixed(1)} ms, p10-p90 ${at(sorted, 0.1).toFixed(1)}-${at(sorted, 0.9).toFixed(1)} ms, ` +
  `min-max ${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)} ms (${runs} runs)`;

// One proof before: it holds for FRESH_PROOF_SECONDS, on the test server's clock for the whole run.
await proveFresh(s, operator);
const viaApi = await timed(async (share) => {
  const res = await s.api('POST', '/v1/releases/marketing/canary-share', {
    token: operator.accessToken,
    body: { reason: 'bench', share },
  });
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
});
const viaTool = await timed(async (share) => {
  await changeCanaryShare(store, 'marketing', { canary: share, reason: 'bench', who: 'bench' });
});
console.log(line('API (sign-in, role, proof check, the tool)', viaApi));
console.log(line('release tool (changeCanaryShare)', viaTool));
await s.close();
