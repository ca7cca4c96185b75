import type { Page } from '@playwright/test';

/**
 * Runs `body` in the page with the federated singleton of a workspace package (the very
 * instance the host and every remote use), taken from the Module Federation share scope.
 */
export async function withShared<T>(page: Page, name: '@kloof/api-client' | '@kloof/auth', body: string): Promise<T> {
  return page.evaluate(
    async ({ name, body }) => {
      type Share = { loaded?: boolean; lib?: () => unknown };
      const scopes = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, { default?: Record<string, Record<string, Share>> }> };
        }
      ).__FEDERATION__.__SHARE__;
      for (const scope of Object.values(scopes)) {
        for (const share of Object.values(scope.default?.[name] ?? {})) {
          if (share.lib) {
            const mod = await share.lib();
            return (await new Function('mod', `return (async () => { ${body} })();`)(mod)) as unknown;
          }
        }
      }
      throw new Error(`${name} is not loaded in this page`);
    },
    { name, body },
  ) as Promise<T>;
}
