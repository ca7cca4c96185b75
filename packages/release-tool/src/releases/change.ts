import type { ReleasesLayout } from '@kloof/release-registry/folder';
import type { PrerenderOutcome } from '../prerender/prerendered-pages';
import { readRegistryFile } from '@kloof/release-registry/folder';
import { commit } from './commit';
import type { HistoryAction } from './history';
import { withReleasesLock } from './lock';
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

/**
 * One change, start to end under the releases lock: registry.json read once, the plan made from
 * it, every step in order, one commit. A step that refuses (a broken build, the gate) stops the
 * change before anything is written.
 */
export function runChange(
  layout: ReleasesLayout,
  makePlan: (registry: Registry) => ChangePlan | Promise<ChangePlan>,
): Promise<ChangeResult> {
  return withReleasesLock(layout, async () => {
    const registry = await readRegistryFile(layout);
    const change: Change = { layout, registry, plan: await makePlan(registry) };
    for (const step of STEPS) await step(change);
    await commit(change);
    return resultOf(change);
  });
}
