import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from './unavailable';

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

/**
 * Opens the database, waiting for it when it cannot be reached yet (PostgreSQL starting after the
 * API, or restarting at that moment): retries with back-off for up to `timeoutMs`, telling
 * `onWaiting` once. Any other error (a wrong password, a failed migration) fails at once: waiting
 * would not fix it.
 */
export async function openWhenReachable<T>(
  open: () => Promise<T>,
  timeoutMs: number,
  onWaiting: (err: unknown) => void,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let delay = FIRST_RETRY_MS;
  let told = false;
  for (;;) {
    try {
      return await open();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + delay > deadline) throw err;
      if (!told) onWaiting(err);
      told = true;
      await sleep(delay);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    }
  }
}
