import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { initialHydration } from './initial-hydration';

/** How far below (or above) the viewport a block starts hydrating, so it is ready when it scrolls in. */
export const HYDRATE_MARGIN = '300px';

/** What a user does to a block that must make it interactive at once. */
const INTERACTIONS = ['pointerdown', 'focusin', 'keydown'] as const;

interface Gate {
  promise: Promise<void>;
  open(): void;
}

function createGate(): Gate {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Suspends while the gate is shut; during hydration React keeps the server's HTML meanwhile. */
function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate) use(gate.promise);
  return children;
}

/**
 * A block (page section, footer) whose prerendered HTML is hydrated only when it comes near the
 * viewport or the user interacts with it: the first hydration does no work for what nobody sees
 * yet. The HTML is complete and its links work meanwhile. Rendered any other way (on the server,
 * on a client-side navigation, without prerendered HTML), it renders its children at once.
 */
export function HydrateWhenNear({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Decided once, on the first render: only a block hydrated from prerendered HTML waits.
  const [gate] = useState<Gate | null>(() => (initialHydration.active() ? createGate() : null));

  useEffect(() => {
    const element = ref.current;
    if (!gate || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) gate.open();
      },
      { rootMargin: `${HYDRATE_MARGIN} 0px` },
    );
    observer.observe(element);
    // On the window, capturing: React's root stops an event aimed into a block it has not hydrated
    // yet, before any listener on the block itself would hear it.
    const view = element.ownerDocument.defaultView ?? window;
    const reach = (event: Event): void => {
      if (event.target instanceof Node && element.contains(event.target)) gate.open();
    };
    const stop = (): void => {
      observer.disconnect();
      for (const type of INTERACTIONS) view.removeEventListener(type, reach, { capture: true });
    };
    for (const type of INTERACTIONS) view.addEventListener(type, reach, { capture: true });
    void gate.promise.then(stop);
    return stop;
  }, [gate]);

  return (
    <div ref={ref} className={className}>
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    </div>
  );
}
