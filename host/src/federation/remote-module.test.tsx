import { describe, expect, it, jest } from '@jest/globals';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import type { PageComponent } from './page-import';
import { ErrorBoundary } from '../errors/ErrorBoundary';

const imports: string[] = [];
const ServicesPage: PageComponent = () => null;
let failNext = false;
jest.unstable_mockModule('./page-import', () => ({
  importPage: async (id: string) => {
    imports.push(id);
    if (failNext) {
      failNext = false;
      throw new Error('offline');
    }
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

  it('forget a failed download, so the page tries again when it is shown again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    failNext = true;
    const Failed = remotePage('clientArea/Projects', 0);
    render(
      <ErrorBoundary label="Remote page" fallback={<p>failed</p>}>
        <Suspense fallback={<p>loading</p>}>
          <Failed />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(remotePage('clientArea/Projects', 0)).not.toBe(Failed);
  });
});
