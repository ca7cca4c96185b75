import { beforeEach, describe, expect, it, jest } from '@jest/globals';

type Reporter = typeof import('./reporter');

/** A beacon's body as text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const event = {
  kind: 'page-load',
  app: 'marketing',
  version: '20261125-100000-000-0123456789',
  route: 'Pricing',
} as const;

/** A fresh reporter (module state) with the web server answering the token request as given. */
async function reporterWith(answer: { ok: boolean; token?: string; status?: number }) {
  jest.resetModules();
  const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({
    ok: answer.ok,
    status: answer.status ?? (answer.ok ? 200 : 404),
    json: async () => ({ token: answer.token }),
    body: null,
  }));
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true });
  const beacon = jest.fn<(url: string, body: Blob) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  const reporter: Reporter = await import('./reporter');
  reporter.configureTelemetry('https://api.kloof.example/');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const sent = async () =>
    Promise.all(
      beacon.mock.calls.map(async ([url, body]) => ({ url, body: JSON.parse(await textOf(body)) as unknown })),
    );
  return { reporter, fetchMock, sent };
}

beforeEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('the telemetry reporter', () => {
  it("asks this site for the page load's token once and sends it with every batch, as text/plain to the API", async () => {
    const { reporter, fetchMock, sent } = await reporterWith({ ok: true, token: 'signed-token' });
    expect(fetchMock).toHaveBeenCalledWith('/telemetry-token', { credentials: 'same-origin', cache: 'no-store' });
    reporter.reportTelemetry(event);
    reporter.flushTelemetry();
    reporter.reportTelemetry({ ...event, kind: 'load-failed' });
    reporter.flushTelemetry();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await sent()).toEqual([
      { url: 'https://api.kloof.example/v1/telemetry', body: { token: 'signed-token', events: [event] } },
      {
        url: 'https://api.kloof.example/v1/telemetry',
        body: { token: 'signed-token', events: [{ ...event, kind: 'load-failed' }] },
      },
    ]);
  });

  it('sends nothing when the site gives no token (it would not be counted)', async () => {
    const { reporter, sent } = await reporterWith({ ok: false });
    reporter.reportTelemetry(event);
    reporter.flushTelemetry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await sent()).toEqual([]);
  });

  it('stops asking when the site says telemetry is off (204): no request per batch, nothing sent', async () => {
    const { reporter, fetchMock, sent } = await reporterWith({ ok: true, status: 204 });
    for (let batch = 0; batch < 3; batch += 1) {
      reporter.reportTelemetry(event);
      reporter.flushTelemetry();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await sent()).toEqual([]);
  });

  it('sends an event reported while the page is hidden at once (web vitals come as the page leaves)', async () => {
    const { reporter, sent } = await reporterWith({ ok: true, token: 't' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    reporter.reportTelemetry({ ...event, kind: 'lcp', value: 812 });
    expect(await sent()).toEqual([
      {
        url: 'https://api.kloof.example/v1/telemetry',
        body: { token: 't', events: [{ ...event, kind: 'lcp', value: 812 }] },
      },
    ]);
  });
});
