import type { Page } from '@playwright/test';
import type { TelemetryEvent } from '@kloof/api-contract';

/**
 * Telemetry events the page sends (sendBeacon to /v1/telemetry), seen on their way to the API; the
 * array fills as they pass. Beacons reach page.route only without a service worker in between, so
 * a spec that reads them blocks service workers.
 */
export async function telemetryOf(page: Page): Promise<TelemetryEvent[]> {
  const events: TelemetryEvent[] = [];
  await page.route('**/v1/telemetry', async (route) => {
    const body = JSON.parse(route.request().postDataBuffer()?.toString('utf8') ?? '{}') as {
      events?: TelemetryEvent[];
    };
    events.push(...(body.events ?? []));
    await route.continue();
  });
  return events;
}
