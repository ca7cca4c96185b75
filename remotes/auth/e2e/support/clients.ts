import http from 'node:http';
import type { Page } from '@playwright/test';
import { e2e } from '@kloof/test-kit/e2e';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One request to the production web server (the shared one unless told) from a chosen loopback
 * address: the client's address as the API sees it (the web server names it in X-Forwarded-For,
 * which the API trusts).
 */
export function sendFrom(
  localAddress: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | null,
  webPort: number = e2e.webPort,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: webPort, path, method, localAddress, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && name !== 'transfer-encoding' && name !== 'connection') out[name] = String(value);
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** A JSON POST to /v1/<path> from a chosen address. */
export const post = (from: string, path: string, body: object, webPort: number = e2e.webPort) =>
  sendFrom(
    from,
    'POST',
    `/v1/${path}`,
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify(body)),
    webPort,
  );

/** The browser's API calls leave from another address from now on: the owner on another network. */
export async function moveTo(page: Page, localAddress: string, webPort: number = e2e.webPort) {
  await page.unroute('**/v1/**');
  await page.route('**/v1/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers = { ...(await request.allHeaders()) };
    delete headers.host;
    const answer = await sendFrom(
      localAddress,
      request.method(),
      url.pathname + url.search,
      headers,
      request.postDataBuffer(),
      webPort,
    );
    await route.fulfill(answer);
  });
}
