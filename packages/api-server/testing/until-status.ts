import { scaled } from '@kloof/test-kit/slowdown';

/**
 * Polls `answer` (each poll a real request) until it gives `status`: how long that took and how many
 * requests it needed. Fails after a few seconds (scaled by the slowdown factor).
 */
export async function untilStatus(
  status: number,
  answer: () => Promise<number>,
): Promise<{ ms: number; polls: number }> {
  const since = Date.now();
  const deadline = since + scaled(5_000);
  for (let polls = 1; ; polls++) {
    if ((await answer()) === status) return { ms: Date.now() - since, polls };
    if (Date.now() > deadline)
      throw new Error(`still not ${status} after ${Date.now() - since} ms (${polls} requests)`);
  }
}
