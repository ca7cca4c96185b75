import type { Browser, CDPSession } from '@playwright/test';
import { CPU_SLOWDOWN } from './journeys';

/** Issue 40's throttled phone: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4x slower. */
export const phoneProfile = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: CPU_SLOWDOWN } as const;

/** A phone's screen (Lighthouse mobile's Moto G Power), so the shell lays out as on a phone. */
export const phoneViewport = { width: 412, height: 823 } as const;

const networkConditions = {
  offline: false,
  latency: phoneProfile.latencyMs,
  // CDP takes bytes per second.
  downloadThroughput: (phoneProfile.downloadKbps * 1000) / 8,
  uploadThroughput: (phoneProfile.uploadKbps * 1000) / 8,
};

/** Throttles a page's network and CPU to the phone profile (CDP, as DevTools does). */
export async function throttlePage(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', networkConditions);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneProfile.cpuSlowdown });
}

/**
 * Throttles the network of the running service workers of an origin too: a page's throttling
 * does not reach the worker's own fetches (the page and the pointer files it fetches network
 * first), which a real phone's network would slow all the same. Attached in the old, unflattened
 * way, since a Playwright CDP session cannot address a child session.
 */
export async function throttleServiceWorkers(browser: Browser, origin: string): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter((target) => target.type === 'service_worker' && target.url.startsWith(origin));
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const messages = [
      { id: 1, method: 'Network.enable', params: {} },
      { id: 2, method: 'Network.emulateNetworkConditions', params: networkConditions },
    ];
    for (const message of messages) {
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify(message) });
    }
  }
  return workers.length;
}
