import http from 'node:http';
import type { FuzzRequest } from './requests';

export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Sends a request exactly as generated (node:http keeps the path's bytes and the body's bytes as
 * they are, unlike fetch). `fresh` requests get a connection of their own.
 */
export function send(
  baseUrl: string,
  agent: http.Agent,
  request: FuzzRequest,
  timeoutMs: number,
): Promise<FuzzResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const body = request.payload?.();
    const headers: Record<string, string | number> = { ...request.headers };
    if (body !== undefined) headers['content-length'] = body.length;
    if (request.fresh) headers.connection = 'close';
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent: request.fresh ? false : agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // The server may answer (413, 400) and close before it has read a large body: keep the answer.
    req.on('error', reject);
    req.end(body);
  });
}
