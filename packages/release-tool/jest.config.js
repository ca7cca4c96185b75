import { jestProject } from '@kloof/test-kit/jest';

const base = jestProject({ dir: import.meta.dirname, name: 'release-tool', environment: 'node', emotion: false });

// Fastify's helpers require() a few ESM-only packages (content-disposition for @fastify/static,
// cookie for inject): Node 20.19 loads those natively, Jest's module runtime does not, so these
// packages are compiled to CommonJS.
const esmOnly = ['content-disposition', 'cookie'].join('|');
export default {
  ...base,
  transform: {
    [`/(${esmOnly})/.+\\.js$`]: ['@swc/jest', { module: { type: 'commonjs' } }],
    ...base.transform,
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmOnly})[@/])`],
};
