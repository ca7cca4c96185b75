import http from 'node:http';

export interface WriteResult {
  name: string;
  /** When the answer came (Date.now()). */
  at: number;
  status?: number;
  body?: Record<string, unknown>;
  /** A transport failure (reset, refused, timeout): never expected from an API that stays up. */
  failure?: string;
}

export interface WriteTraffic {
  results: WriteResult[];
  acknowledged(): string[];
  /** Resolves once `count` answers matching `test` came after `since`. */
  waitFor(test: (r: WriteResult) => boolean, count: number, since: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

function post(agent: http.Agent, url: string, token: string, name: string, timeoutMs: number): Promise<WriteResult> {
  return new Promise((resolve) => {
    const payload = JSON.stringify({ name });
    const done = (r: Omit<WriteResult, 'name' | 'at'>) => resolve({ name, at: Date.now(), ...r });
    const req = http.request(url, {
      method: 'POST',
      agent,
      timeout: timeoutMs,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        let body: Record<string, unknown> | undefined;
        try {
          body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
        } catch {
          body = { unparsed: text.slice(0, 200) };
        }
        done({ status: res.statusCode ?? 0, ...(body ? { body } : {}) });
      });
      res.on('error', (err: NodeJS.ErrnoException) => done({ failure: err.code ?? err.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => done({ failure: err.code ?? err.message }));
    req.end(payload);
  });
}

/**
 * `workers` clients, each creating workspaces one after another (names `<prefix>-<n>`) over
 * keep-alive connections until stopped, recording every answer: the traffic a database outage is
 * tested under.
 */
export function startWriteTraffic(
  baseUrl: string,
  token: string,
  options: { workers: number; prefix: string; requestTimeoutMs: number },
): WriteTraffic {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.workers });
  const results: WriteResult[] = [];
  let running = true;
  let next = 0;
  const worker = async () => {
    while (running) {
      const name = `${options.prefix}-${next++}`;
      const result = await post(agent, `${baseUrl}/v1/workspaces`, token, name, options.requestTimeoutMs);
      results.push(result);
      // A 503 says "try again in a moment": do not spin on a database that is away.
      if (result.status !== 201) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const workers = Array.from({ length: options.workers }, worker);

  return {
    results,
    acknowledged: () => results.filter((r) => r.status === 201).map((r) => r.name),
    async waitFor(test, count, since, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (results.filter((r) => r.at >= since && test(r)).length >= count) return;
        if (Date.now() > deadline) {
          const seen = results.filter((r) => r.at >= since).slice(-5);
          throw new Error(`traffic: condition not met within ${timeoutMs} ms; last answers ${JSON.stringify(seen)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      running = false;
      await Promise.all(workers);
      agent.destroy();
    },
  };
}
