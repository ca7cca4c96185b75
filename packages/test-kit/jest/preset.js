// @ts-check
import path from 'node:path';

const here = import.meta.dirname;

/**
 * Jest config of one workspace project. Every project runs as native ESM
 * (jest --experimental-vm-modules), TypeScript through @swc/jest.
 * @param {{ dir: string, name: string, environment?: 'jsdom' | 'node', emotion?: boolean }} options
 * @returns {import('jest').Config}
 */
export function jestProject({ dir, name, environment = 'jsdom', emotion = false }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? path.join(here, 'jsdom-environment.js') : 'node',
    testMatch: ['<rootDir>/{src,bin,jest,lint}/**/*.test.{ts,tsx,js}'],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2022',
            transform: { react: { runtime: 'automatic', importSource: emotion ? '@emotion/react' : 'react' } },
          },
          module: { type: 'es6' },
        },
      ],
    },
    setupFilesAfterEnv: [
      path.join(here, 'setup-timeouts.js'),
      ...(environment === 'jsdom' ? [path.join(here, 'setup-dom.js')] : []),
    ],
  };
}
