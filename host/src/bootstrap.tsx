import { startTransition } from 'react';
import { configureRuntime, connectivity } from '@kloof/api-client';
import { initialHydration } from '@kloof/ui';
import { loadRemoteRegistry } from './federation/remote-registry';
import { firstPageSettled } from './routes/first-page';
import { startRouteData } from './routes/route-data';
import { startOfflineSupport } from './service-worker';
import { configureTelemetry } from './telemetry/reporter';
import { startVitals } from './telemetry/vitals';
import { isPrerenderedFor } from './app/prerendered-root';
import { yieldToBrowser } from './startup/yield-to-browser';

// At once: it asks the service worker whether the network failed this page's first requests.
connectivity();

/**
 * The app's modules, then React DOM, each evaluated in a task of its own: evaluated with this
 * module they made one long task. `eager` keeps them in this module's chunks (no request of its own).
 */
async function appModules() {
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  return { App, createRoot, hydrateRoot };
}

void loadRemoteRegistry().then(async (config) => {
  // The modules above were evaluated in this task: the rest of start-up gets tasks of its own.
  await yieldToBrowser();
  configureRuntime({ apiHost: config.apiHost ?? '' });
  // A signed-in page's session check and data travel with its code (index.ts started that).
  startRouteData(window.location.pathname);
  configureTelemetry(config.apiHost ?? '');
  startVitals();
  await yieldToBrowser();
  const { App, createRoot, hydrateRoot } = await appModules();
  // The first render waits (briefly) for the first page, so it paints once, with its page.
  await firstPageSettled();
  await yieldToBrowser();
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
