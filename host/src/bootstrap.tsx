import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureRuntime, connectivity } from '@kloof/api-client';
import { initialHydration } from '@kloof/ui';
import { App } from './app/App';
import { loadRemoteRegistry } from './federation/remote-registry';
import { firstPageSettled } from './routes/first-page';
import { startOfflineSupport } from './service-worker';
import { configureTelemetry } from './telemetry/reporter';
import { startVitals } from './telemetry/vitals';
import { isPrerenderedFor } from './app/prerendered-root';

// At once: it asks the service worker whether the network failed this page's first requests.
connectivity();

void loadRemoteRegistry().then(async (config) => {
  configureRuntime({ apiHost: config.apiHost ?? '' });
  configureTelemetry(config.apiHost ?? '');
  startVitals();
  // The first render waits (briefly) for the first page, so it paints once, with its page.
  await firstPageSettled();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  if (isPrerenderedFor(container, window.location.pathname)) {
    // The page arrived as HTML (prerendered at release): React takes it over without re-rendering it;
    // blocks below the fold wait until they come near the viewport (App ends the mark once committed).
    initialHydration.start();
    // As a transition, hydration yields to the browser every few milliseconds (no long task).
    startTransition(() => {
      hydrateRoot(container, <App />);
    });
  } else {
    const root = createRoot(container);
    // A transition renders in slices, so the first render is no single long task (TBT).
    startTransition(() => root.render(<App />));
  }
  startOfflineSupport();
});
