// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { layerZones, tsconfigProjects } from './packages/test-kit/lint/layers.js';
import { browserImportRules, browserSources } from './packages/test-kit/lint/browser-dependencies.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/.releases/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^use(Layout)?Effect$/] > ArrowFunctionExpression[expression=true]',
          message:
            'Give effects a block body: a returned value (Chromium scrollTo returns a promise) is taken for a cleanup.',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    // The bench's monolith is the one exception: a yardstick that bundles the apps' sources on purpose.
    ignores: ['packages/bench/monolith/**'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript when following imports (no-cycle), and resolve them the way tsc does.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: tsconfigProjects, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Browser code: no Node module and no server or build package (a page would carry them or break).
    files: browserSources.map((dir) => `${dir}/**/*.{ts,tsx,js}`),
    ignores: ['**/*.test.{ts,tsx,js}', '**/testing/**', '**/server/**'],
    rules: { 'no-restricted-imports': ['error', browserImportRules] },
  },
  {
    // Tests read loosely typed JSON bodies; explicit `any` there is a convenience, not a leak.
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
