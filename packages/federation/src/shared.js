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
 * Shared libraries no page needs for its first render: the product imports them dynamically on
 * first use (the first API call, the first toast), so the host does not preload them.
 */
export const loadedOnDemand = ['axios', 'sonner'];

/**
 * Shared libraries built tree-shaken, to the same export list in every app, so whichever app
 * provides the singleton, it has every export any app uses (a unit test scans all imports).
 * React Router's full build is ~62 KB gzip; the product uses a fraction of it. The list is exact
 * both ways (a test checks): every export in use, and nothing unused.
 * @type {Record<string, readonly string[]>}
 */
export const treeShakenExports = {
  'react-router-dom': [
    'BrowserRouter',
    'Link',
    'matchPath',
    'Navigate',
    'NavLink',
    'Outlet',
    'Route',
    'Routes',
    'useLocation',
    'useNavigate',
    'useParams',
    'useRoutes',
    'useSearchParams',
  ],
};

/**
 * Module Federation `shared` option: one instance of each library at run time.
 * `treeShaking: false` (the dev servers) shares whole libraries: the tree-shaken copies are built
 * by a compiler of their own into a folder a dev server never serves, so under `pnpm dev` a remote
 * page that loaded before the host's own code (a first visit of a public page) asked for its copy
 * of React Router and got a 404: a blank page.
 * @param {{ treeShaking?: boolean }} [options]
 * @returns {NonNullable<ConstructorParameters<typeof import('@module-federation/enhanced/rspack').ModuleFederationPlugin>[0]['shared']>}
 */
export function sharedSingletons({ treeShaking = true } = {}) {
  return Object.fromEntries(
    Object.entries(sharedVersions).map(([name, requiredVersion]) => {
      const usedExports = treeShaking ? treeShakenExports[name] : undefined;
      return [
        name,
        {
          singleton: true,
          requiredVersion,
          strictVersion: false,
          ...(usedExports ? { treeShaking: { mode: 'runtime-infer', usedExports: [...usedExports] } } : {}),
        },
      ];
    }),
  );
}
