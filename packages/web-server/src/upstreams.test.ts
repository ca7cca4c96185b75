import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { mayTryAnother, upstreamFailureOf } from './failover';
import { HEALTH_PATH, parseApiUpstreams, Upstreams } from './upstreams';
import { waitFor } from './testing/api-instance';

describe('API_UPSTREAM', () => {
  it('takes one origin or a comma list of them', () => {
    expect(parseApiUpstreams('http://127.0.0.1:4000')).toEqual(['http://127.0.0.1:4000']);
    expect(parseApiUpstreams(' http://10.0.0.5:4000/ , https://api-2.internal:4000')).toEqual([
      'http://10.0.0.5:4000',
      'https://api-2.internal:4000',
    ]);
  });

  it.each([
    ['', /at least one/],
    ['10.0.0.5:4000', /origins like/],
    ['http://10.0.0.5:4000/v1', /without a path/],
    ['http://user:pass@10.0.0.5:4000', /origins like/],
    ['file:///etc/passwd', /origins like/],
    ['http://a:1,http://a:1/', /names http:\/\/a:1 twice/],
  ])('refuses %j in one sentence', (value, why) => {
    expect(() => parseApiUpstreams(value)).toThrow(why);
  });
});

describe('choosing an upstream', () => {
  const [a, b, c] = ['http://a:1', 'http://b:1', 'http://c:1'] as const;

  it('spreads requests over the healthy ones in turn', () => {
    const upstreams = new Upstreams([a, b, c]);
    upstreams.markDown(b, 'test');
    const picks = Array.from({ length: 6 }, () => upstreams.pick());
    expect(new Set(picks)).toEqual(new Set([a, c]));
    expect(picks.filter((p) => p === a)).toHaveLength(3);
  });

  it('never offers an upstream a request already tried, and none once all were', () => {
    const upstreams = new Upstreams([a, b]);
    const first = upstreams.pick()!;
    const second = upstreams.pick(new Set([first]))!;
    expect(second).not.toBe(first);
    expect(upstreams.pick(new Set([a, b]))).toBeNull();
  });

  it('tries the ones marked down when none is up (a down mark is a guess; the 502 comes after every one failed)', () => {
    const upstreams = new Upstreams([a, b]);
    upstreams.markDown(a, 'test');
    upstreams.markDown(b, 'test');
    expect([a, b]).toContain(upstreams.pick());
    // Up again before an untried one marked down.
    upstreams.markUp(b);
    expect(upstreams.pick(new Set())).toBe(b);
    expect(upstreams.pick(new Set([b]))).toBe(a);
  });

  it('reports each change of state once, in one line', () => {
    const lines: string[] = [];
    const upstreams = new Upstreams([a, b], undefined, (line) => lines.push(line));
    upstreams.markDown(a, 'econnrefused');
    upstreams.markDown(a, 'econnrefused');
    upstreams.markUp(a);
    upstreams.markUp(a);
    expect(lines).toEqual([
      'API upstream http://a:1 is down (econnrefused); 1 of 2 up',
      'API upstream http://a:1 is back; 2 of 2 up',
    ]);
  });
});

describe('health checks', () => {
  let upstreams: Upstreams | undefined;
  const servers: http.Server[] = [];
  afterEach(async () => {
    upstreams?.stop();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers.length = 0;
  });

  async function api(health: () => number): Promise<string> {
    const server = http.createServer((req, res) => {
      res.writeHead(req.url === HEALTH_PATH ? health() : 404).end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('marks an upstream down while /v1/health is not 2xx (a draining API answers 503) and up when it is', async () => {
    let status = 200;
    const [one, two] = [await api(() => status), await api(() => 200)];
    upstreams = new Upstreams([one, two], { intervalMs: 20, timeoutMs: 1_000 });
    upstreams.start();
    status = 503;
    await waitFor('the draining upstream to be marked down', () => upstreams!.healthy().length === 1);
    expect(upstreams.healthy()).toEqual([two]);
    status = 200;
    await waitFor('it to be marked up again', () => upstreams!.healthy().length === 2);
  });

  it('a check that does not answer in time counts as down', async () => {
    const silent = http.createServer(() => undefined); // accepts, never answers
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hung = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    upstreams = new Upstreams([hung, await api(() => 200)], { intervalMs: 20, timeoutMs: 50 });
    await upstreams.checkAll();
    expect(upstreams.healthy()).not.toContain(hung);
    silent.closeAllConnections();
  });

  it('with a single upstream there is nothing to choose: no checks run', () => {
    upstreams = new Upstreams(['http://a:1'], { intervalMs: 1, timeoutMs: 1 });
    upstreams.start();
    expect(upstreams.healthy()).toEqual(['http://a:1']);
  });
});

describe('which failed requests go to another upstream', () => {
  it.each([
    ['GET', 'not-connected', false, true],
    ['GET', 'no-answer', false, true],
    ['HEAD', 'no-answer', false, true],
    ['OPTIONS', 'no-answer', false, true],
    ['DELETE', 'not-connected', false, true],
    ['DELETE', 'no-answer', false, false],
    ['PUT', 'not-connected', true, false],
    ['POST', 'not-connected', true, false],
    ['POST', 'no-answer', true, false],
    ['PATCH', 'not-connected', true, false],
  ] as const)('%s after %s (body: %s): %s', (method, failure, withBody, expected) => {
    expect(mayTryAnother(method, failure, withBody)).toBe(expected);
  });

  it('tells the upstream failures apart from everything else', () => {
    const wrapped = (code: string) =>
      Object.assign(new Error('wrapped'), { cause: Object.assign(new Error(code), { code }) });
    expect(upstreamFailureOf(wrapped('ECONNREFUSED'))).toBe('not-connected');
    expect(upstreamFailureOf(wrapped('UND_ERR_CONNECT_TIMEOUT'))).toBe('not-connected');
    expect(upstreamFailureOf(wrapped('UND_ERR_SOCKET'))).toBe('no-answer');
    expect(upstreamFailureOf(wrapped('UND_ERR_HEADERS_TIMEOUT'))).toBe('no-answer');
    expect(upstreamFailureOf(wrapped('KLOOF_BODY_TOO_LARGE'))).toBeNull();
    expect(upstreamFailureOf(new Error('no code'))).toBeNull();
  });
});
