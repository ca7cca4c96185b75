import path from 'node:path';
import semver from 'semver';
import { sharedVersions } from '@kloof/apps/shared';
import type { AppKind } from './apps';
import { CONTRACT_FILE } from '@kloof/api-contract/contract-version';
import { readJsonFile } from './registry';

/**
 * The shared singletons a remote and the host must agree on (react, react-dom, the router,
 * emotion, sonner, axios, @kloof/*): two copies of any of them at run time means two Reacts
 * (broken hooks), two routers, two auth stores. The one list every app's build shares.
 */
export const GATED_SINGLETONS: readonly string[] = Object.keys(sharedVersions);

/** What the gate reads from one build: its federation manifest and, for a host, what it loads. */
export interface BuildFacts {
  app: string;
  version: string;
  /** Shared library -> the version this build provides and the range it requires. */
  shared: Record<string, { version: string; requiredVersion: string | null }>;
  /** Exposed modules, e.g. './Home' (remotes). */
  exposes: string[];
  /** Host only: remote name -> modules its route table loads (remote-modules.json). */
  loads: Record<string, string[]>;
  /** The API contract version the build calls (api-contract.json); null for a build that records none. */
  contract: string | null;
}

/**
 * One reason a build cannot go live beside another: what the remote needs (`needed`, a range or
 * 'exposed') and what the host has (`live`: a version, 'not provided' or 'not exposed'), and which
 * of the two is the candidate (the other is live).
 */
export interface Incompatibility {
  remote: string;
  remoteVersion: string;
  host: string;
  what: string;
  needed: string;
  live: string;
  candidate: AppKind;
  /** The remote's side, when it is not the candidate: live (stable or canary), or the version a rollback would go to. */
  remoteRole?: 'live' | 'rollback target';
}

/** `what` of a build calling a contract version the live API does not serve. */
export const API_CONTRACT = 'API contract';

interface ManifestJson {
  shared?: { name?: string; version?: string; requiredVersion?: string | false }[];
  exposes?: { path?: string; name?: string }[];
}

/**
 * Reads the facts of one build folder (a candidate or a stored version); a live version that is
 * not stored (null) has none, and the gate names what it lacks.
 */
export async function readBuildFacts(app: string, version: string, dir: string | null): Promise<BuildFacts> {
  const read = <T>(file: string) => (dir ? readJsonFile<T>(path.join(dir, file)) : Promise.resolve(undefined));
  const manifest = (await read<ManifestJson>('mf-manifest.json')) ?? {};
  const shared: BuildFacts['shared'] = {};
  for (const entry of manifest.shared ?? []) {
    if (!entry.name || !entry.version) continue;
    shared[entry.name] = { version: entry.version, requiredVersion: entry.requiredVersion || null };
  }
  const exposes = (manifest.exposes ?? []).flatMap((e) => (e.path ? [e.path] : e.name ? [`./${e.name}`] : []));
  const loads = (await read<Record<string, string[]>>('remote-modules.json')) ?? {};
  const contract = (await read<{ version?: unknown }>(CONTRACT_FILE))?.version;
  return { app, version, shared, exposes, loads, contract: typeof contract === 'string' ? contract : null };
}

/**
 * Whether a remote can run inside a host: every gated singleton the remote requires is provided
 * by the host in a version the remote's range accepts, and every module the host's routes load
 * from the remote is exposed.
 */
export function checkPair(remote: BuildFacts, host: BuildFacts, candidate: AppKind): Incompatibility[] {
  const problems: Incompatibility[] = [];
  const where = { remote: remote.app, remoteVersion: remote.version, host: host.version, candidate };
  for (const name of GATED_SINGLETONS) {
    const needed = remote.shared[name];
    if (!needed?.requiredVersion) continue;
    const provided = host.shared[name];
    if (!provided) {
      problems.push({ ...where, what: `shared ${name}`, needed: needed.requiredVersion, live: 'not provided' });
    } else if (!semver.satisfies(provided.version, needed.requiredVersion, { includePrerelease: true })) {
      problems.push({ ...where, what: `shared ${name}`, needed: needed.requiredVersion, live: provided.version });
    }
  }
  for (const module of host.loads[remote.app] ?? []) {
    if (!remote.exposes.includes(module)) {
      problems.push({ ...where, what: `module ${module}`, needed: 'exposed', live: 'not exposed' });
    }
  }
  return problems;
}

/**
 * One problem as a line that names which side lacks what: "the candidate" (the build going live)
 * or "the live host" / "the live marketing".
 */
export function describeIncompatibility(p: Incompatibility): string {
  if (p.what === API_CONTRACT) {
    const build = p.remoteRole ? `the ${p.remoteRole} ${p.remote}` : 'the candidate';
    return `${p.remote} ${p.remoteVersion}: API contract: ${build} calls contract ${p.needed}, the live API serves ${p.live}`;
  }
  const remote = p.candidate === 'remote' ? 'the candidate' : `the ${p.remoteRole ?? 'live'} ${p.remote}`;
  const host = p.candidate === 'host' ? 'the candidate' : 'the live host';
  const found =
    p.needed === 'exposed'
      ? `${host} loads it, ${remote} does not expose it`
      : `${remote} requires ${p.needed}, ${host} ${p.live === 'not provided' ? 'does not provide it' : `provides ${p.live}`}`;
  return `${p.remote} ${p.remoteVersion} in host ${p.host}: ${p.what}: ${found}`;
}

/** The readable diff a refused release prints. */
export function describeIncompatibilities(candidate: string, problems: Incompatibility[]): string {
  const lines = [`${candidate} is not compatible with what is live:`];
  for (const p of problems) lines.push(`  ${describeIncompatibility(p)}`);
  lines.push('Nothing was released. Fix the build, or release it anyway with --force (recorded in the history).');
  return lines.join('\n');
}
