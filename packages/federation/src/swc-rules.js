// @ts-check
/**
 * TypeScript/JSX rules. Emotion's JSX import source applies only to the app's own
 * source: workspace packages opt in per file with a `@jsxImportSource` pragma, so a
 * package that does not depend on emotion never has to resolve it (fails under pnpm).
 */

const targets = ['chrome >= 111', 'edge >= 111', 'firefox >= 115', 'safari >= 16.4'];

/**
 * @param {{ importSource: string, dev: boolean, refresh: boolean }} options
 */
function swcLoader({ importSource, dev, refresh }) {
  return {
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: {
          react: { runtime: 'automatic', importSource, development: dev, refresh },
        },
      },
      env: { targets },
    },
  };
}

/**
 * @param {{ srcDirs: string[], dev: boolean, refresh: boolean }} options  srcDirs: the app's own source folders
 * @returns {import('@rspack/core').RuleSetRule[]}
 */
export function swcRules({ srcDirs, dev, refresh }) {
  return [
    {
      test: /\.[jt]sx?$/,
      include: srcDirs,
      use: [swcLoader({ importSource: '@emotion/react', dev, refresh })],
    },
    {
      test: /\.[jt]sx?$/,
      exclude: [...srcDirs, /node_modules/],
      use: [swcLoader({ importSource: 'react', dev, refresh: false })],
    },
  ];
}
