import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { scaled } from '@kloof/test-kit/slowdown';
import { startOtlpReceiver, type OtlpReceiver } from '@kloof/tracing/testing';
import { spanPath } from './gateway-trace';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';

// The /v1 gateway's span (gateway-trace.ts): the browser's child, the API's parent.

const BROWSER = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
const TRACEPARENT = `00-${BROWSER.traceId}-${BROWSER.spanId}-01`;

describe('the gateway with OTEL_EXPORTER_OTLP_ENDPOINT set or not', () => {
  let upstream: http.Server;
  let receiver: OtlpReceiver;
  let web: FastifyInstance | undefined;
  const seen: IncomingHttpHeaders[] = [];

  beforeEach(async () => {
    seen.length = 0;
    receiver = await startOtlpReceiver();
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await web?.close();
    await new Promise((resolve) => upstream.close(resolve));
    await receiver.close();
  });

  async function get(otlpEndpoint: string | undefined, url: string, headers: Record<string, string>) {
    const work = await tempDir();
    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(work, 'releases'))),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      otlpEndpoint,
    });
    await web.listen({ port: 0, host: '127.0.0.1' });
    const { port } = web.server.address() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}${url}`, { headers });
  }

  it("makes a span per request, the browser's child, and names it to the API as the parent", async () => {
    const res = await get(receiver.url, '/v1/users/42?search=someone%40example.com', { traceparent: TRACEPARENT });
    expect(res.status).toBe(200);
    const [span] = await receiver.waitFor((spans) => spans.length > 0, scaled(10_000));
    expect(span).toMatchObject({
      service: 'kloof-web',
      traceId: BROWSER.traceId,
      parentSpanId: BROWSER.spanId,
      name: 'GET /v1',
      attributes: { 'http.request.method': 'GET', 'url.path': '/v1/users/42', 'http.response.status_code': 200 },
    });
    expect(seen[0]?.traceparent).toBe(`00-${BROWSER.traceId}-${span!.spanId}-01`);
    expect(JSON.stringify(span)).not.toContain('example.com');
  });

  it('starts a trace of its own for a malformed traceparent, and answers', async () => {
    const res = await get(receiver.url, '/v1/health', { traceparent: '00-zz-not-hex-01' });
    expect(res.status).toBe(200);
    const [span] = await receiver.waitFor((spans) => spans.length > 0, scaled(10_000));
    expect(span?.parentSpanId).toBe('');
    expect(seen[0]?.traceparent).toBe(`00-${span!.traceId}-${span!.spanId}-01`);
  });

  it("passes the browser's traceparent on as it came when tracing is off", async () => {
    await get(undefined, '/v1/health', { traceparent: TRACEPARENT });
    expect(seen[0]?.traceparent).toBe(TRACEPARENT);
  });
});

describe('the path a span keeps', () => {
  it('keeps words, ids and UUIDs, and hides any segment that could be an address or a name', () => {
    expect(spanPath('/v1/projects/0b9e6f1c-4d2a-4c11-9a77-1f0e2d3c4b5a')).toBe(
      '/v1/projects/0b9e6f1c-4d2a-4c11-9a77-1f0e2d3c4b5a',
    );
    expect(spanPath('/v1/users/someone@example.com/sessions')).toBe('/v1/users/…/sessions');
    expect(spanPath('/v1/x/Th%C3%A9o')).toBe('/v1/x/…');
  });
});
