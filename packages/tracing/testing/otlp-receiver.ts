import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carried it, flattened with its service's name. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: KeyValue[] }[];
    }[];
  }[];
}

function valueOf(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  return value.doubleValue ?? '';
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

/** The spans of one export request (OTLP/HTTP, JSON encoding: ids in hex). */
export function spansOf(body: ExportRequest): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to (spans arrive at `<url>/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  /** Resolves with the spans once `enough` holds for them; rejects after `timeoutMs`. */
  waitFor(enough: (spans: ReceivedSpan[]) => boolean, timeoutMs: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

/** A stand-in for an OTel collector on a loopback port: takes OTLP/HTTP JSON trace exports, keeps their spans. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const waiting = new Set<() => void>();
  const server = createServer((req, res) => {
    void bodyOf(req).then((text) => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      spans.push(...spansOf(JSON.parse(text) as ExportRequest));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const check of waiting) check();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    waitFor(enough, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!enough(spans)) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(spans);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`the spans awaited did not arrive in ${timeoutMs} ms (${spans.length} received)`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
