import fs from 'node:fs/promises';
import semver from 'semver';
import type { RegistryApi } from '@kloof/release-registry';
import { readRegistryFile, type ReleasesLayout } from '@kloof/release-registry/folder';
import { releasableApps } from './apps';
import { API_CONTRACT, readBuildFacts, type BuildFacts, type Incompatibility } from './compatibility';
import { appendHistoryLine, currentUser, historyLine } from './history';
import { withReleasesLock } from './lock';
import { ReleaseError } from './apps';
import { writeRegistry, type Registry } from './registry';

/** What an API answers: the contract version it was built with and the versions it serves. */
export interface ApiContract {
  contract: string;
  serves: string;
}

/** Whether a build calling `contract` is answered by an API serving `serves` (a build recording none: yes). */
export function serves(range: string, contract: string | null): boolean {
  return contract === null || semver.satisfies(contract, range, { includePrerelease: true });
}

/** The gate's finding for a build the recorded API cannot serve (none while no API is recorded). */
export function contractProblems(
  build: BuildFacts,
  api: RegistryApi | undefined,
  candidate: Incompatibility['candidate'],
): Incompatibility[] {
  if (!api || serves(api.serves, build.contract)) return [];
  return [
    {
      remote: build.app,
      remoteVersion: build.version,
      host: 'API',
      what: API_CONTRACT,
      needed: build.contract ?? '',
      live: api.serves,
      candidate,
    },
  ];
}

/** One stored build an API deploy would strand, and why it matters (what browsers run, or may run). */
export interface StrandedBuild {
  app: string;
  version: string;
  role: 'stable' | 'canary' | 'rollback target';
  contract: string;
}

/** Every live, canary and rollback-target build whose contract an API serving `range` would not answer. */
export async function buildsBrokenBy(
  layout: ReleasesLayout,
  registry: Registry,
  range: string,
): Promise<StrandedBuild[]> {
  const stranded: StrandedBuild[] = [];
  for (const app of releasableApps) {
    const entry = registry.apps[app.name];
    const roles: [StrandedBuild['role'], string | undefined][] = [
      ['stable', entry?.stable?.version],
      ['canary', entry?.canary?.version],
      ['rollback target', entry?.fallback?.version],
    ];
    for (const [role, version] of roles) {
      if (!version) continue;
      const dir = layout.versionDir(app.name, version);
      if (!(await fs.stat(dir).catch(() => null))) continue;
      const { contract } = await readBuildFacts(app.name, version, dir);
      if (!serves(range, contract)) stranded.push({ app: app.name, version, role, contract: contract! });
    }
  }
  return stranded;
}

/** The check before an API deploy: what it would break, read from registry.json as it is now. */
export async function checkApiDeploy(layout: ReleasesLayout, api: ApiContract): Promise<StrandedBuild[]> {
  if (!semver.validRange(api.serves))
    throw new ReleaseError(`"${api.serves}" is not a semver range of contract versions.`);
  return buildsBrokenBy(layout, await readRegistryFile(layout), api.serves);
}

export interface ApiRecordResult {
  from: RegistryApi | null;
  to: RegistryApi;
  changed: boolean;
  /** What --force recorded past: the builds the API does not serve. */
  forced: StrandedBuild[];
}

export function describeStranded(build: StrandedBuild): string {
  return `${build.app} ${build.version} (${build.role}) calls contract ${build.contract}`;
}

/**
 * Records an API deploy in registry.json (the gate then refuses builds it cannot serve), under
 * the releases lock, with one history line. Refused while a live, canary or rollback-target build
 * calls a contract it does not serve, unless forced (recorded in the history).
 */
export async function recordApiDeploy(
  layout: ReleasesLayout,
  api: ApiContract,
  { force = false }: { force?: boolean } = {},
): Promise<ApiRecordResult> {
  if (!semver.valid(api.contract)) throw new ReleaseError(`"${api.contract}" is not a contract version.`);
  if (!semver.validRange(api.serves))
    throw new ReleaseError(`"${api.serves}" is not a semver range of contract versions.`);
  return withReleasesLock(layout, async () => {
    const registry = await readRegistryFile(layout);
    const from = registry.api ?? null;
    if (from && from.contract === api.contract && from.serves === api.serves) {
      return { from, to: from, changed: false, forced: [] };
    }
    const stranded = await buildsBrokenBy(layout, registry, api.serves);
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
    await writeRegistry(layout, { ...registry, api: to });
    await appendHistoryLine(layout, line);
    return { from, to, changed: true, forced: stranded };
  });
}
