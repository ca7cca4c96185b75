import { prerenderForChange, type PrerenderOutcome } from '../prerender/prerendered-pages';
import { passGate } from './gate';
import { precompressFolder } from './precompress';
import type { ReleaseStore } from '../storage/release-store';
import { ReleaseError } from './apps';
import { byApp, currentUser, historyLine, type HistoryEntry } from './history';
import { rollbackTarget } from './previous';
import type { ChangePlan } from './plan';
import { emptyApp, integrityOf, type Integrity, type LiveRelease, type Registry } from './registry';
import { validateBuild } from './validate';

/** One change on its way: the plan, the registry read under the lock, and what each step found. */
export interface Change {
  store: ReleaseStore;
  /** registry.json as read for this change; the record step writes the new state into it. */
  registry: Registry;
  plan: ChangePlan;
  /** What the gate found and --force overrode. */
  forced?: string[];
  /** The SHA-384s of the version going live. */
  integrity?: Integrity;
  /** The public pages rendered or kept for the versions then live. */
  pages?: PrerenderOutcome[];
  /** The history line the commit appends (none: nothing changes), and what it records. */
  line?: string;
  entry?: HistoryEntry;
  /** A release set's change: its id and the changes of all its apps (this one included). */
  set?: { id: string; members: readonly Change[] };
}

/** A step does its part of a change, or nothing when it does not apply. */
type Step = (change: Change) => Promise<void>;

/** A stored version going live: a local folder with its files (a bucket's is copied once). */
const locate: Step = async ({ store, plan }) => {
  const candidate = plan.candidate;
  if (!candidate || candidate.dir) return;
  const dir = await store.localVersion(plan.app.name, candidate.version);
  if (!dir) throw new ReleaseError(`${plan.app.name} has no stored version ${candidate.version}.`);
  candidate.dir = dir;
};

/** A stored version going live again must still be a complete build of its app. */
const validate: Step = async ({ plan }) => {
  if (!plan.candidate || plan.candidate.checked) return;
  await validateBuild(plan.app, plan.candidate.dir!);
};

/**
 * The compatibility gate: refuses the candidate (unless forced) when it does not fit what is live,
 * as it will be after the change: in a release set, beside the set's other candidates.
 */
const gate: Step = async (change) => {
  const { plan } = change;
  if (!plan.candidate) return;
  const candidate = { version: plan.candidate.version, dir: plan.candidate.dir! };
  const alongside = (change.set?.members ?? [])
    .filter((member) => member !== change && member.plan.candidate)
    .map(({ plan: other }) => ({
      app: other.app.name,
      version: other.candidate!.version,
      dir: other.candidate!.dir!,
      canary: other.action === 'canary',
    }));
  change.forced = await passGate(change.store, change.registry, plan.app, candidate, plan.force, alongside);
};

/** The hashes registry.json pins the candidate's files with (a promoted canary keeps its own). */
const integrity: Step = async (change) => {
  const { candidate } = change.plan;
  if (!candidate) return;
  change.integrity = candidate.integrity ?? (await integrityOf(change.plan.app, candidate.dir!));
};

/**
 * A new build that passed the gate is stored: with .br and .gz copies of its text files (after
 * its integrity was taken, which pins the files themselves), immutable, under its version name.
 */
const store: Step = async ({ store, plan }) => {
  const candidate = plan.candidate;
  if (!candidate?.staging) return;
  await precompressFolder(candidate.staging);
  await store.storeVersion(plan.app.name, candidate.version, candidate.staging);
  candidate.dir = (await store.localVersion(plan.app.name, candidate.version))!;
};

/**
 * The prerendered pages of the versions live after the change, rendered before the pointer moves (a
 * render that fails leaves the live version as it was). A canary's browsers get the plain page
 * (see the web server). A build already live reports its pages only when they were rendered now
 * (missing, or made for another SITE_URL: `pnpm start` releases unchanged builds for that).
 */
const prerender: Step = async (change) => {
  const { plan } = change;
  if (plan.action === 'canary' || plan.action === 'abort') return;
  const outcomes = await prerenderForChange(change.store, plan.app.name, plan.to, change.registry);
  const reported = (outcomes ?? []).filter(
    (outcome) => outcome.kind === 'rendered' || (outcome.kind === 'kept' && plan.candidate),
  );
  if (reported.length) change.pages = reported;
};

/** Without the fields that do not apply (no `forced: undefined` in the file). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The new state of the app's pointer, and its history line (refused here when not one line). */
const record: Step = async (change) => {
  const { plan, registry } = change;
  if (!plan.changed) return;
  const who = plan.who ?? currentUser();
  const history: HistoryEntry = defined({
    time: new Date().toISOString(),
    who,
    app: plan.app.name,
    action: plan.action,
    from: plan.from,
    to: plan.to,
    share: plan.share,
    forced: change.forced,
    reason: plan.reason,
    set: change.set?.id,
  });
  change.line = historyLine(history);
  change.entry = history;

  const entry = registry.apps[plan.app.name] ?? emptyApp();
  registry.apps[plan.app.name] = entry;
  entry.origin = plan.origin;
  const live: LiveRelease | undefined = plan.candidate && {
    version: plan.candidate.version,
    integrity: change.integrity!,
    releasedAt: plan.now.toISOString(),
    releasedBy: who,
    // The set it went live in (a rollback's version went live before, on its own or in another set).
    ...(change.set && plan.action !== 'rollback' ? { set: change.set.id } : {}),
  };
  if (!live) {
    if (plan.action === 'abort') entry.canary = null;
    return; // a release that only moves where the build is published
  }
  if (plan.action === 'canary') {
    entry.canary = { ...live, share: plan.share! };
    return;
  }
  // A release replaces a running canary; a promote is that canary; a rollback keeps another one.
  if (plan.action !== 'rollback' || entry.canary?.version === live.version) entry.canary = null;
  entry.previous = plan.from;
  entry.stable = live;
};

/**
 * A remote's last known good version, pinned by its hashes, for browsers whose chosen version
 * fails: where a rollback would go after this change (by the history, this line included).
 * Kept as it was by a canary or an abort, which leave the stable version where it is.
 */
const fallback: Step = async (change) => {
  const { plan, registry, store } = change;
  const entry = registry.apps[plan.app.name];
  if (!change.entry || !entry?.stable || plan.app.kind !== 'remote') return;
  if (plan.action === 'canary' || plan.action === 'abort') return;
  const history = [...byApp(await store.readHistory()), change.entry];
  const stored = await store.versions(plan.app.name);
  const version = rollbackTarget(history, plan.app.name, entry.stable.version, stored);
  if (!version) {
    entry.fallback = null;
    return;
  }
  const wentLive = history.findLast((line) => line.app === plan.app.name && line.to === version);
  entry.fallback = {
    version,
    integrity: await integrityOf(plan.app, (await store.localVersion(plan.app.name, version))!),
    releasedAt: wentLive?.time ?? '',
    releasedBy: wentLive?.who ?? '',
  };
};

/**
 * Every step of every change, in order: each runs once per app and skips itself when it does not
 * apply. The pointer is recorded (in memory) before the pages are rendered, so a set's host and
 * marketing render their new pair; nothing is written before the commit.
 */
export const STEPS: readonly Step[] = [locate, validate, gate, integrity, store, record, prerender, fallback];
