// @ts-check
import { describe, expect, it } from '@jest/globals';
import { remoteModulesOf } from './remote-modules.js';

describe('remote modules a host loads', () => {
  it('lists each remote once with its modules sorted, once each', () => {
    expect(
      remoteModulesOf([
        { remote: 'marketing', module: './Pricing' },
        { remote: 'auth', module: './Login' },
        { remote: 'marketing', module: './Home' },
        { remote: 'marketing', module: './Pricing' },
      ]),
    ).toEqual({ marketing: ['./Home', './Pricing'], auth: ['./Login'] });
  });
});
