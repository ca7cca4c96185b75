import { describe, expect, it, jest } from '@jest/globals';

describe("the dev servers' React Refresh runtime", () => {
  it("makes a remote use the page's runtime, once injected, with its components' ids prefixed by its name", async () => {
    // The host's runtime is on the page already; this copy is the marketing remote's.
    const pageRuntime = {
      injectIntoGlobalHook: jest.fn(),
      register: jest.fn(),
      createSignatureFunctionForTransform: jest.fn(),
      getFamilyByType: jest.fn(),
      isLikelyComponentType: jest.fn(() => true),
      performReactRefresh: jest.fn(),
    };
    globalThis.__kloofReactRefresh = { runtime: pageRuntime, injected: true };
    globalThis.__react_refresh_library__ = 'marketing';
    const refresh = await import('./react-refresh-runtime.js');

    refresh.injectIntoGlobalHook(globalThis);
    expect(pageRuntime.injectIntoGlobalHook).not.toHaveBeenCalled();
    function Pricing() {}
    refresh.register(Pricing, './src/pages/Pricing.tsx_Pricing');
    expect(pageRuntime.register).toHaveBeenCalledWith(Pricing, 'marketing ./src/pages/Pricing.tsx_Pricing');
    expect(refresh.isLikelyComponentType(Pricing)).toBe(true);
    refresh.performReactRefresh();
    expect(pageRuntime.performReactRefresh).toHaveBeenCalledTimes(1);
  });
});
