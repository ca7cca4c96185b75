// @ts-check
/**
 * When a part that stopped on its own is started again. A crash is retried at once, a crash loop
 * backs off (1 s, 2 s, 4 s ... 30 s) so a part that cannot start (its database is down, say) does
 * not burn the machine, and a part that ran well for a while starts from the short delay again.
 * A part that never stays up for long gives up after a while, so a broken configuration ends
 * `pnpm start` with its error instead of looping quietly for ever.
 */

/** @typedef {{ firstDelayMs: number, maxDelayMs: number, healthyAfterMs: number, maxQuickFailures: number }} RestartPolicy */

/** @type {RestartPolicy} */
export const DEFAULT_POLICY = Object.freeze({
  /** The wait before the second restart in a row (the first is at once); doubles with each further one. */
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** A part up this long had recovered: its next crash starts the back-off over. */
  healthyAfterMs: 60_000,
  /** Exits in a row, each before `healthyAfterMs`, after which the runner gives up (~2.5 min of trying). */
  maxQuickFailures: 10,
});

/**
 * @typedef {{ quickFailures: number }} RestartState  consecutive exits that came before the part was healthy
 */

/**
 * What to do after a part exited on its own.
 * @param {RestartState} state
 * @param {number} upForMs  how long this run of the part lasted
 * @param {RestartPolicy} [policy]
 * @returns {{ action: 'restart', delayMs: number, state: RestartState } | { action: 'give-up', state: RestartState }}
 */
export function afterExit(state, upForMs, policy = DEFAULT_POLICY) {
  const quickFailures = upForMs >= policy.healthyAfterMs ? 1 : state.quickFailures + 1;
  if (quickFailures > policy.maxQuickFailures) return { action: 'give-up', state: { quickFailures } };
  // The first exit after a healthy run costs no wait: the API's users meet 502s until it is back.
  const delayMs = quickFailures === 1 ? 0 : Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (quickFailures - 2));
  return { action: 'restart', delayMs, state: { quickFailures } };
}
