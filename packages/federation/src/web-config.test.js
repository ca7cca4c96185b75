import { describe, expect, it } from '@jest/globals';
import { devtoolFor } from './web-config.js';

describe('source maps of browser builds', () => {
  it('are not emitted by production builds unless SOURCE_MAPS=hidden asks for unreferenced ones', () => {
    expect(devtoolFor(false, undefined)).toBe(false);
    expect(devtoolFor(false, 'yes')).toBe(false);
    // hidden: .map files beside the bundles for an error tracker, no sourceMappingURL in the bundles
    expect(devtoolFor(false, 'hidden')).toBe('hidden-source-map');
  });

  it('stay inline for the dev servers', () => {
    expect(devtoolFor(true, undefined)).toBe('eval-cheap-module-source-map');
  });
});
