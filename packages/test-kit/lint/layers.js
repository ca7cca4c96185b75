// @ts-check
/**
 * The house's layers, for ESLint (import-x/no-restricted-paths): packages <- remotes <- host.
 * A package never imports an app, a remote never imports the host or another remote, the HTTP
 * layer never shows UI, and the host's federation code never reaches up into its app.
 * Paths are relative to the repository root.
 */
import { remotes as remoteApps } from '@kloof/apps/apps';

/** Each remote's folder name, from apps.js: a new remote needs no edit here. */
const remotes = remoteApps.map((app) => app.dir.split('/').pop());
const shipping = ['./packages/web-server', './packages/release-tool', './packages/process-runner'];

export const layerZones = [
  { target: './packages', from: ['./host', './remotes'], message: 'A package must not import an app.' },
  ...remotes.map((name) => ({
    target: `./remotes/${name}`,
    from: ['./host', ...remotes.filter((other) => other !== name).map((other) => `./remotes/${other}`)],
    message: 'A remote must not import the host or another remote.',
  })),
  { target: './packages/api-client', from: './packages/ui', message: 'The HTTP layer must not show UI.' },
  {
    target: './packages/release-registry',
    from: shipping,
    message: 'The release registry is read by browsers and servers alike: it imports none of the tools above it.',
  },
  {
    target: './packages/release-registry',
    from: './packages/release-store',
    message: 'The release registry is what browsers read: the Node store builds on it, never the other way.',
  },
  {
    target: './packages/release-store',
    from: shipping,
    message: 'The release store is where releases are kept: it imports none of the tools that write or serve them.',
  },
  {
    target: './packages/release-tool',
    from: ['./packages/web-server', './packages/process-runner'],
    message: 'The release tool writes releases; it does not serve them.',
  },
  {
    // Its tests set up a releases folder with the release tool; the server itself never writes one.
    target: './packages/web-server/src/!(*.test).ts',
    from: ['./packages/release-tool', './packages/process-runner'],
    message: 'The web server serves releases; it does not make them.',
  },
  {
    target: './host/src/federation',
    from: './host/src/app',
    message: "The host's federation code is below its app: import down only.",
  },
];

/** Where the TypeScript resolver finds each app's paths (never a tsconfig inside node_modules). */
export const tsconfigProjects = [
  'tsconfig.base.json',
  'host/tsconfig.json',
  'remotes/*/tsconfig.json',
  'packages/*/tsconfig.json',
];
