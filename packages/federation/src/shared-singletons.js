// @ts-check
import { sharedVersions } from '@kloof/apps/shared';

/**
 * Module Federation `shared` option: one instance of each library at run time.
 * `narrowed` (from narrowedShared) replaces a library's provided module with one that exports
 * only what the apps use; without it (the server builds) libraries are shared whole.
 * @param {{ narrowed?: Record<string, { import: string, version: string }> }} [options]
 * @returns {NonNullable<ConstructorParameters<typeof import('@module-federation/enhanced/rspack').ModuleFederationPlugin>[0]['shared']>}
 */
export function sharedSingletons({ narrowed = {} } = {}) {
  return Object.fromEntries(
    Object.entries(sharedVersions).map(([name, requiredVersion]) => [
      name,
      { singleton: true, requiredVersion, strictVersion: false, ...narrowed[name] },
    ]),
  );
}
