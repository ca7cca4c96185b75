import type { PrerenderOutcome } from '../prerender/prerendered-pages';
import { PointerMovedError } from '../storage/release-store';
import { storeOf, type ReleaseTarget } from '../storage/target';
import { ReleaseError } from './apps';
import { commit } from './commit';
import { historyLine, SET_APP, type HistoryAction, type HistoryEntry } from './history';
import type { ChangePlan, Planned } from './plan';
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
  /** A release set's change: its id and what it did to each of its apps (this result is one of them). */
  set?: { id: string; changes: ChangeResult[] };
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

/** A release set's one history line: every app it moved, from what to what. */
function setLine(set: string, entries: readonly HistoryEntry[]): string {
  const first = entries[0]!;
  const forced = entries.flatMap((entry) => entry.forced ?? []);
  const line: HistoryEntry = {
    time: first.time,
    who: first.who,
    app: SET_APP,
    action: first.action,
    from: null,
    to: set,
    set,
    apps: entries.map(({ app, from, to }) => ({ app, from, to })),
    ...(first.share !== undefined ? { share: first.share } : {}),
    ...(forced.length ? { forced } : {}),
    ...(first.reason ? { reason: first.reason } : {}),
  };
  return historyLine(line);
}

/**
 * One change, start to end: registry.json read once, the plan made from it, every step in order,
 * one commit that lands only if registry.json is still the one read (the folder: under its lock;
 * a bucket: a conditional write). A lost race is planned again from a fresh read. A step that
 * refuses (a broken build, the gate) stops the change before the pointer is written.
 *
 * A release set's plan is one plan per app, made as one change: each step runs for every app
 * before the next step (so every app passes the gate before any is stored), and the commit writes
 * registry.json once with one history line. The result is the change of `focus` (the app the
 * command named; else the set's first), with the set's changes.
 */
export function runChange(
  target: ReleaseTarget,
  makePlan: (registry: Registry) => Planned | Promise<Planned>,
  focus?: string,
): Promise<ChangeResult> {
  const store = storeOf(target);
  return store.exclusive(async () => {
    for (let attempt = 1; ; attempt += 1) {
      const { registry, tag } = await store.readPointer();
      const planned = await makePlan(registry);
      const plans: ChangePlan[] = 'plans' in planned ? planned.plans : [planned];
      const changes: Change[] = plans.map((plan) => ({ store, registry, plan }));
      if ('plans' in planned) for (const change of changes) change.set = { id: planned.set, members: changes };
      for (const step of STEPS) for (const change of changes) await step(change);
      const entries = changes.flatMap((change) => (change.entry ? [change.entry] : []));
      const line = 'plans' in planned ? (entries.length ? setLine(planned.set, entries) : undefined) : changes[0]!.line;
      try {
        await commit(store, registry, tag, line);
        const results = changes.map(resultOf);
        if (!('plans' in planned)) return results[0]!;
        const chosen = results.find((result) => result.app === focus) ?? results[0]!;
        return { ...chosen, set: { id: planned.set, changes: results } };
      } catch (error) {
        if (!(error instanceof PointerMovedError)) throw error;
        if (attempt === MAX_ATTEMPTS) {
          const what = 'plans' in planned ? `release set ${planned.set}` : changes[0]!.plan.app.name;
          throw new ReleaseError(
            `registry.json in ${store.describe()} was changed by other releases ${MAX_ATTEMPTS} times while this ` +
              `${changes[0]!.plan.action} of ${what} was planned; nothing went live. Run it again.`,
          );
        }
      }
    }
  });
}
