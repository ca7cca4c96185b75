import semver from 'semver';
import type { RegistryApi } from '@kloof/release-registry';
import type { ReleaseStore } from '../storage/release-store';
import { releasableApps } from './apps';
import { API_CONTRACT, readBuildFacts, type BuildFacts, type Incompatibility } from './compatibility';
import type { Registry } from './registry';

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
export async function buildsBrokenBy(store: ReleaseStore, registry: Registry, range: string): Promise<StrandedBuild[]> {
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
      const dir = await store.localVersion(app.name, version);
      if (!dir) continue;
      const { contract } = await readBuildFacts(app.name, version, dir);
      if (!serves(range, contract)) stranded.push({ app: app.name, version, role, contract: contract! });
    }
  }
  return stranded;
}

export function describeStranded(build: StrandedBuild): string {
  return `${build.app} ${build.version} (${build.role}) calls contract ${build.contract}`;
}
