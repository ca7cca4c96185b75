import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

// The inline script of index.html that asks again for a host file refused for its pinned hash (a
// copy the HTTP cache kept as immutable): when the server's copy matches now, the page loads once more.
const html = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'public', 'index.html'), 'utf8');
const refetchScript = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
  .map((m) => m[1]!)
  .find((script) => script.includes("cache:'reload'"))!;

const fetchMock = jest.fn<(url: string, init: RequestInit) => Promise<unknown>>();
const reload = jest.fn<() => void>();
let stopListening: () => void = () => undefined;

/** Runs the script with its window listener captured, so each test removes it again. */
function runRefetchScript(): void {
  const listeners: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const add = (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) => {
    listeners.push([type, listener, options]);
    window.addEventListener(type, listener, options);
  };
  const page = { origin: location.origin, reload };
  new Function('addEventListener', 'fetch', 'location', refetchScript)(add, fetchMock, page);
  stopListening = () =>
    listeners.forEach(([type, listener, options]) => window.removeEventListener(type, listener, options));
}

/** A <script> of the page (pinned unless `integrity` is empty) whose load failed, as the browser reports a refused hash. */
function refused(src: string, integrity = 'sha384-pinned'): void {
  const script = document.createElement('script');
  script.src = src;
  script.integrity = integrity;
  document.head.append(script);
  script.dispatchEvent(new Event('error'));
  script.remove();
}

/** Once the script has handled the answer to its request (its handlers were attached first). */
async function answered(): Promise<void> {
  const answer = fetchMock.mock.results.at(-1)!.value as Promise<unknown>;
  await answer.catch(() => undefined);
}

describe('a host file refused for its hash', () => {
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    reload.mockReset();
    runRefetchScript();
  });
  afterEach(() => stopListening());

  it('is asked for again past the HTTP cache, with the same pin', async () => {
    fetchMock.mockResolvedValue({});
    refused(`${location.origin}/main.0123456789.js`);
    await answered();
    expect(fetchMock).toHaveBeenCalledWith(`${location.origin}/main.0123456789.js`, {
      cache: 'reload',
      integrity: 'sha384-pinned',
      credentials: 'same-origin',
    });
  });

  it('loads the page once more when the fresh copy matches, once per file and tab', async () => {
    fetchMock.mockResolvedValue({});
    refused(`${location.origin}/main.0123456789.js`);
    await answered();
    expect(reload).toHaveBeenCalledTimes(1);
    // The next load in this tab: refused again (the file is still bad somewhere), no second reload.
    refused(`${location.origin}/main.0123456789.js`);
    await answered();
    expect(reload).toHaveBeenCalledTimes(1);
    refused(`${location.origin}/64.0123456789.js`);
    await answered();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves the page as it is while the server still sends a copy that does not match', async () => {
    fetchMock.mockRejectedValue(new TypeError('integrity'));
    refused(`${location.origin}/main.0123456789.js`);
    await answered();
    expect(reload).not.toHaveBeenCalled();
  });

  it("leaves remote files and other origins' files to the host's fallbacks", async () => {
    refused(`${location.origin}/remotes/auth/v1/153.0123456789.js`);
    refused('https://cdn.test/main.0123456789.js');
    refused(`${location.origin}/unpinned.0123456789.js`, '');
    window.dispatchEvent(new Event('error'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
