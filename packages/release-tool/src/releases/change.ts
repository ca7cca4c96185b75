import type { PrerenderOutcome } from '../prerender/prerendered-pages';
import { PointerMovedError } from '../storage/release-store';
import { storeOf, type ReleaseTarget } from '../storage/target';
import { ReleaseError } from './apps';
import { commit } from './commit';
import type { HistoryAction } from './history';
import type { ChangePlan } from './plan';
import { type Registry } from './registry';
import { STEPS, type Change } from './steps';

export interface ChangeResult {
  app: string;
  /** What happened: a canary release, an abort (rollback with a canary running), ... */
  action: HistoryAction;
  from: string | null;
  to: string;
  /** False when the build was already live: nothing was stored or changed. */
  changed: boolean;
  /** What the compatibility gate found and --force overrode. */
  forced?: string[];
  /** canary: percent of browsers sent to it. */
  share?: number;
  /** The public pages rendered for the versions now live (host, marketing and auth changes only): one per host and page remote pair. */
  pages?: PrerenderOutcome[];
}

function resultOf({ plan, forced, pages }: Change): ChangeResult {
  const result: ChangeResult = {
    app: plan.app.name,
    action: plan.action,
    from: plan.from,
    to: plan.to,
    changed: plan.changed,
    forced,
    share: plan.share,
    pages,
  };
  return Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined)) as ChangeResult;
}

/** Plans made again after losing the pointer write to another change, before giving up. */
export const MAX_ATTEMPTS = 5;

/**
 * One change, start to end: registry.json read once, the plan made from it, every step in order,
 * one commit that lands only if registry.json is still the one read (the folder: under its lock;
 * a bucket: a conditional write). A lost race is planned again from a fresh read. A step that
 * refuses (a broken build, the gate) stops the change before the pointer is written.
 */
export function runChange(
  target: ReleaseTarget,
  makePlan: (registry: Registry) => ChangePlan | Promise<ChangePlan>,
): Promise<ChangeResult> {
  const store = storeOf(target);
  return store.exclusive(async () => {
    for (let attempt = 1; ; attempt += 1) {
      const { registry, tag } = await store.readPointer();
      const change: Change = { store, registry, plan: await makePlan(registry) };
      for (const step of STEPS) await step(change);
      try {
        await commit(change, tag);
        return resultOf(change);
      } catch (error) {
        if (!(error instanceof PointerMovedError)) throw error;
        if (attempt === MAX_ATTEMPTS) {
          throw new ReleaseError(
            `registry.json in ${store.describe()} was changed by other releases ${MAX_ATTEMPTS} times while this ` +
              `${change.plan.action} of ${change.plan.app.name} was planned; nothing went live. Run it again.`,
          );
        }
      }
    }
  });
}
