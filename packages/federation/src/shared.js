// @ts-check
/**
 * The libraries every app shares as singletons, each with an explicit semver range
 * (never `workspace:*`, which is not a range and breaks strictVersion).
 * Apps' package.json ranges must satisfy these; a unit test checks that.
 */

const react = '^19.3.0';
const emotion = '^11.14.0';
const workspace = '^1.0.0';

/** @type {Record<string, string>} */
export const sharedVersions = {
  react,
  'react/jsx-runtime': react,
  'react-dom': react,
  'react-dom/client': react,
  'react-router-dom': '^7.18.0',
  '@emotion/react': emotion,
  '@emotion/react/jsx-runtime': emotion,
  sonner: '^2.0.0',
  axios: '^1.21.0',
  '@kloof/api-client': workspace,
  '@kloof/auth': workspace,
  '@kloof/ui': workspace,
};

/**
 * Module Federation `shared` option: one instance of each library at run time.
 * @returns {Record<string, { singleton: true, requiredVersion: string, strictVersion: boolean }>}
 */
export function sharedSingletons() {
  return Object.fromEntries(
    Object.entries(sharedVersions).map(([name, requiredVersion]) => [
      name,
      { singleton: true, requiredVersion, strictVersion: false },
    ]),
  );
}
