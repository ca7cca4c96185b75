import semver from 'semver';
import type { RegistryApi } from '@kloof/release-registry';
import { PointerMovedError } from '../storage/release-store';
import { storeOf, type ReleaseTarget } from '../storage/target';
import { buildsBrokenBy, describeStranded, type ApiContract, type StrandedBuild } from './api-contract';
import { ReleaseError } from './apps';
import { MAX_ATTEMPTS } from './change';
import { currentUser, historyLine } from './history';

/** The check before an API deploy: what it would break, read from registry.json as it is now. */
export async function checkApiDeploy(target: ReleaseTarget, api: ApiContract): Promise<StrandedBuild[]> {
  if (!semver.validRange(api.serves))
    throw new ReleaseError(`"${api.serves}" is not a semver range of contract versions.`);
  const store = storeOf(target);
  return buildsBrokenBy(store, (await store.readPointer()).registry, api.serves);
}

export interface ApiRecordResult {
  from: RegistryApi | null;
  to: RegistryApi;
  changed: boolean;
  /** What --force recorded past: the builds the API does not serve. */
  forced: StrandedBuild[];
}

/**
 * Records an API deploy in registry.json (the gate then refuses builds it cannot serve), with one
 * history line, written like every change (a lost race with another change is read again).
 * Refused while a live, canary or rollback-target build calls a contract it does not serve, unless
 * forced (recorded in the history).
 */
export async function recordApiDeploy(
  target: ReleaseTarget,
  api: ApiContract,
  { force = false }: { force?: boolean } = {},
): Promise<ApiRecordResult> {
  if (!semver.valid(api.contract)) throw new ReleaseError(`"${api.contract}" is not a contract version.`);
  if (!semver.validRange(api.serves))
    throw new ReleaseError(`"${api.serves}" is not a semver range of contract versions.`);
  const store = storeOf(target);
  return store.exclusive(async () => {
    for (let attempt = 1; ; attempt += 1) {
      const { registry, tag } = await store.readPointer();
      const from = registry.api ?? null;
      if (from && from.contract === api.contract && from.serves === api.serves) {
        return { from, to: from, changed: false, forced: [] };
      }
      const stranded = await buildsBrokenBy(store, registry, api.serves);
      if (stranded.length && !force) {
        throw new ReleaseError(
          [
            `An API serving contracts ${api.serves} would break what browsers run or may fall back to:`,
            ...stranded.map((b) => `  ${describeStranded(b)}`),
            'Nothing was recorded. Release builds it serves first, or record it anyway with --force (recorded in the history).',
          ].join('\n'),
        );
      }
      const who = currentUser();
      const to: RegistryApi = { ...api, recordedAt: new Date().toISOString(), recordedBy: who };
      const line = historyLine({
        time: to.recordedAt,
        app: 'api',
        action: 'api',
        from: from?.contract ?? null,
        to: api.contract,
        who,
        reason: `serves ${api.serves}`,
        ...(stranded.length ? { forced: stranded.map(describeStranded) } : {}),
      });
      try {
        await store.commit({ ...registry, api: to }, tag, line);
        return { from, to, changed: true, forced: stranded };
      } catch (error) {
        if (!(error instanceof PointerMovedError) || attempt === MAX_ATTEMPTS) throw error;
      }
    }
  });
}
