// @ts-check
/**
 * TypeScript/JSX rules. Emotion's JSX import source applies only to the app's own
 * source: workspace packages opt in per file with a `@jsxImportSource` pragma, so a
 * package that does not depend on emotion never has to resolve it (fails under pnpm).
 */

const targets = ['chrome >= 111', 'edge >= 111', 'firefox >= 115', 'safari >= 16.4'];

/**
 * @param {{ importSource: string, refresh: boolean }} options
 */
function swcLoader({ importSource, refresh }) {
  return {
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: {
          // Always the production JSX runtime: it is the one shared as a singleton. The dev
          // runtime would give a page under the host's dev server its own emotion context.
          react: { runtime: 'automatic', importSource, development: false, refresh },
        },
      },
      env: { targets },
    },
  };
}

/**
 * @param {{ srcDirs: string[], refresh: boolean }} options  srcDirs: the app's own source folders
 * @returns {import('@rspack/core').RuleSetRule[]}
 */
export function swcRules({ srcDirs, refresh }) {
  return [
    {
      test: /\.[jt]sx?$/,
      include: srcDirs,
      use: [swcLoader({ importSource: '@emotion/react', refresh })],
    },
    {
      test: /\.[jt]sx?$/,
      exclude: [...srcDirs, /node_modules/],
      use: [swcLoader({ importSource: 'react', refresh: false })],
    },
  ];
}
