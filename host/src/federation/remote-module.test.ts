import { describe, expect, it, jest } from '@jest/globals';
import type { PageComponent } from './page-import';

const imports: string[] = [];
const ServicesPage: PageComponent = () => null;
jest.unstable_mockModule('./page-import', () => ({
  importPage: async (id: string) => {
    imports.push(id);
    return { default: ServicesPage };
  },
}));

const { loadPage, remotePage } = await import('./remote-module');

describe('remote page components', () => {
  it('are lazy until their page is downloaded, and the same lazy on every render', () => {
    const first = remotePage('marketing/Services', 0);
    expect(first).not.toBe(ServicesPage);
    expect(remotePage('marketing/Services', 0)).toBe(first);
    expect(imports).toEqual([]);
  });

  it('are the page itself once it is downloaded, so the first render needs no loading state', async () => {
    await loadPage('marketing/Services');
    expect(imports).toEqual(['marketing/Services']);
    expect(remotePage('marketing/Services', 0)).toBe(ServicesPage);
  });

  it('are a fresh lazy on a retry, which downloads again (React keeps a failed lazy failed)', () => {
    const retry = remotePage('marketing/Services', 1);
    expect(retry).not.toBe(ServicesPage);
    expect(retry).not.toBe(remotePage('marketing/Services', 2));
  });
});
