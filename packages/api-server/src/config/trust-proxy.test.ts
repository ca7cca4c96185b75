import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './index';

describe("the API's TRUST_PROXY", () => {
  it('stops the start with one clear sentence per refused entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,0.0.0.0/0,::/0' })).toThrow(
      /TRUST_PROXY: "0\.0\.0\.0\/0" is wider than any proxy network[^\n]*\n - TRUST_PROXY: "::\/0" is wider/,
    );
  });
});
