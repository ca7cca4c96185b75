/**
 * The contract's own version (semver). Minor: operations or optional fields added, which a client
 * built before never notices. Major: a change that breaks clients built before it (then raise
 * OLDEST_SERVED_CONTRACT once the API stops answering them).
 *
 * Every app build records the version it was built against (api-contract.json beside its
 * manifest); the API says in /health which versions it serves; the release gate refuses a build
 * the recorded API cannot serve, and `pnpm release:api --check` lists the live builds an API
 * deploy would break. contract-version.test.ts fails when the contract changes and this does not.
 */
export const CONTRACT_VERSION = '2.9.0';

/**
 * The oldest contract version the API still answers (clients built against it keep working).
 * 2.0.0: every list answers keyset pages (workspaces, projects and links were arrays; users, contact
 * messages and sessions were pages by number).
 */
export const OLDEST_SERVED_CONTRACT = '2.0.0';

/** The versions this API serves, as a semver range. */
export const SERVED_CONTRACTS = `>=${OLDEST_SERVED_CONTRACT} <=${CONTRACT_VERSION}`;

/** The file every production build writes beside its manifest: `{ "version": CONTRACT_VERSION }`. */
export const CONTRACT_FILE = 'api-contract.json';
