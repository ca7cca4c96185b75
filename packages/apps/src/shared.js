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
 * Shared libraries each app provides narrowed to the same export list (narrowed-shared.js), so
 * whichever app provides the singleton, it has every export any app uses (a unit test scans all
 * imports). React Router's full build is ~62 KB gzip; the product uses a fraction of it. The list
 * is exact both ways (a test checks): every export in use, and nothing unused.
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
