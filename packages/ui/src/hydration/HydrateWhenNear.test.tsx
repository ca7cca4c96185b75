import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// The Node build: the browser one needs MessageChannel, which jsdom lacks.
import { renderToString } from 'react-dom/server.node';
import { fireEvent, render, screen } from '@testing-library/react';
import { HYDRATE_MARGIN, HydrateWhenNear } from './HydrateWhenNear';
import { initialHydration } from './initial-hydration';

/** jsdom has no layout: the test says when a block comes near the viewport, as a browser would. */
class TestIntersectionObserver {
  static all: TestIntersectionObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    TestIntersectionObserver.all.push(this);
  }
  observe(element: Element): void {
    this.observed.push(element);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  comesNear(): void {
    this.report([{ isIntersecting: true }]);
  }
}

let hydrated: string[] = [];
function Footer() {
  useEffect(() => {
    hydrated.push('footer');
  }, []);
  return <a href="/contact">Contact us</a>;
}

let root: Root | null = null;
/** Hydrates the block's prerendered HTML the way the host hydrates a page. */
async function hydratePrerendered(): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <HydrateWhenNear>
      <Footer />
    </HydrateWhenNear>,
  );
  document.body.append(container);
  initialHydration.start();
  await act(async () => {
    root = hydrateRoot(
      container,
      <HydrateWhenNear>
        <Footer />
      </HydrateWhenNear>,
    );
  });
  initialHydration.end();
  return container.firstElementChild as HTMLElement;
}

beforeEach(() => {
  hydrated = [];
  TestIntersectionObserver.all = [];
  window.IntersectionObserver = TestIntersectionObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

describe('HydrateWhenNear', () => {
  it('renders its children at once when there is no prerendered HTML (a client-side navigation)', () => {
    render(
      <HydrateWhenNear>
        <Footer />
      </HydrateWhenNear>,
    );
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(hydrated).toEqual(['footer']);
    expect(TestIntersectionObserver.all).toHaveLength(0);
  });

  it('keeps the prerendered HTML, links working, and hydrates nothing while the block is far from view', async () => {
    const block = await hydratePrerendered();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(hydrated).toEqual([]);
    const [observer] = TestIntersectionObserver.all;
    expect(observer?.observed).toEqual([block]);
    expect(observer?.options.rootMargin).toBe(`${HYDRATE_MARGIN} 0px`);
  });

  it('hydrates when the block comes near the viewport, then stops watching', async () => {
    await hydratePrerendered();
    const [observer] = TestIntersectionObserver.all;
    await act(async () => observer!.comesNear());
    expect(hydrated).toEqual(['footer']);
    expect(observer!.disconnected).toBe(true);
  });

  it('stays as it is when the user acts elsewhere on the page', async () => {
    await hydratePrerendered();
    await act(async () => fireEvent.pointerDown(document.body));
    expect(hydrated).toEqual([]);
  });

  it.each(['pointerDown', 'focusIn', 'keyDown'] as const)(
    'hydrates at once when the user reaches into it first (%s)',
    async (event) => {
      await hydratePrerendered();
      await act(async () => fireEvent[event](screen.getByRole('link', { name: 'Contact us' })));
      expect(hydrated).toEqual(['footer']);
    },
  );
});
