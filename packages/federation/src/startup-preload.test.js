import { describe, expect, it } from '@jest/globals';
import { isStartupChunk } from './startup-preload.js';

const options = { entry: './src/index.ts', onDemand: ['axios', 'sonner'] };
const provided = (name, version = '1.2.3') => ({
  moduleName: `provide shared module (default) ${name}@${version} = /repo/node_modules/${name}/index.js`,
  request: '',
});

describe('isStartupChunk', () => {
  it('takes the chunk the entry imports across the async boundary', () => {
    expect(isStartupChunk({ origins: [{ moduleName: './src/index.ts', request: './bootstrap' }] }, options)).toBe(true);
  });

  it('takes the code of shared libraries the host provides, scoped names included', () => {
    expect(isStartupChunk({ origins: [provided('react-dom', '19.3.1')] }, options)).toBe(true);
    expect(isStartupChunk({ origins: [provided('@emotion/react/jsx-runtime', '11.14.0')] }, options)).toBe(true);
  });

  it('leaves out libraries loaded on demand and chunks of later pages', () => {
    expect(isStartupChunk({ origins: [provided('axios', '1.21.1')] }, options)).toBe(false);
    expect(isStartupChunk({ origins: [provided('sonner', '2.0.8')] }, options)).toBe(false);
    expect(
      isStartupChunk({ origins: [{ moduleName: './src/app/router.tsx', request: './pages/Later' }] }, options),
    ).toBe(false);
    expect(isStartupChunk({}, options)).toBe(false);
  });
});
