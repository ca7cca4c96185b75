import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { esmTwin } from './esm-runtime.js';

const require = createRequire(import.meta.url);
// Resolved the way the federation plugins resolve their runtime: with require.resolve.
const runtimeTools = createRequire(require.resolve('@module-federation/enhanced')).resolve(
  '@module-federation/runtime-tools',
);
const bundlerRuntime = createRequire(runtimeTools).resolve('@module-federation/webpack-bundler-runtime');

describe('esmTwin', () => {
  it('finds the ES module build beside a federation runtime file that require.resolve picked', () => {
    expect(bundlerRuntime).toMatch(/\.cjs$/);
    expect(esmTwin(bundlerRuntime)).toBe(bundlerRuntime.replace(/\.cjs$/, '.js'));
  });

  it('leaves files of other packages alone', () => {
    expect(esmTwin(require.resolve('workbox-build'))).toBeNull();
    expect(esmTwin('/repo/node_modules/some-lib/dist/index.cjs')).toBeNull();
  });

  it('keeps the CommonJS file when the package ships no ES module twin', () => {
    expect(esmTwin('/nowhere/node_modules/@module-federation/sdk/dist/missing.cjs')).toBeNull();
  });
});
