import http from 'node:http';
import https from 'node:https';

/**
 * The API instances behind /v1 and which of them answer. Each upstream is up or down:
 * - actively: GET /v1/health every `intervalMs` (with several upstreams): a 2xx marks it up,
 *   anything else (no answer in `timeoutMs`, refused, 503 while it drains) down;
 * - passively: the proxy reports a connection failure, which marks it down at once.
 * Requests are spread round-robin over the upstreams that are up. When none is, they are tried
 * anyway (a down mark is a guess, the request is the proof): all down is only ever answered 502
 * after each one was tried.
 */
export interface HealthCheckOptions {
  /** Time between two checks of each upstream. */
  intervalMs: number;
  /** How long a check may take before it counts as a failure. */
  timeoutMs: number;
}

export const DEFAULT_HEALTH_CHECK: HealthCheckOptions = { intervalMs: 2_000, timeoutMs: 2_000 };
export const HEALTH_PATH = '/v1/health';

/** Reads API_UPSTREAM: one origin or a comma list; throws one sentence on anything else. */
export function parseApiUpstreams(value: string): string[] {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('API_UPSTREAM must name at least one API origin (http://host:port)');
  const origins = entries.map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const plain =
      url &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash;
    if (!url || !plain) {
      throw new Error(`API_UPSTREAM must list API origins like http://10.0.0.5:4000, without a path (got "${entry}")`);
    }
    return url.origin;
  });
  const repeated = origins.find((origin, i) => origins.indexOf(origin) !== i);
  if (repeated) throw new Error(`API_UPSTREAM names ${repeated} twice`);
  return origins;
}

/** GET /v1/health on its own connection (no pooling): true for a 2xx within the timeout. */
function checkHealth(origin: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const client = origin.startsWith('https:') ? https : http;
    const request = client.get(new URL(HEALTH_PATH, origin), { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300);
    });
    request.on('timeout', () => request.destroy(new Error('health check timed out')));
    request.on('error', () => resolve(false));
  });
}

export class Upstreams {
  readonly origins: readonly string[];
  private readonly down = new Set<string>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    origins: readonly string[],
    private readonly health: HealthCheckOptions = DEFAULT_HEALTH_CHECK,
    /** Told every change of state, in one line (operators want to see an instance go and come back). */
    private readonly report: (line: string) => void = () => undefined,
  ) {
    if (origins.length === 0) throw new Error('at least one API upstream is needed');
    this.origins = [...origins];
  }

  /** The upstreams now believed up. */
  healthy(): string[] {
    return this.origins.filter((origin) => !this.down.has(origin));
  }

  /**
   * The upstream for the next attempt of a request, not one it already tried: the next one up in
   * turn, else (none up) the next one down; null when every upstream has been tried.
   */
  pick(tried: ReadonlySet<string> = new Set()): string | null {
    const untried = this.origins.filter((origin) => !tried.has(origin));
    const up = untried.filter((origin) => !this.down.has(origin));
    const from = up.length > 0 ? up : untried;
    if (from.length === 0) return null;
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER;
    return from[this.next % from.length] ?? null;
  }

  /** Whether an upstream believed up is left that this request has not tried. */
  hasUpUntried(tried: ReadonlySet<string>): boolean {
    return this.origins.some((origin) => !tried.has(origin) && !this.down.has(origin));
  }

  markDown(origin: string, reason: string): void {
    if (this.down.has(origin) || !this.origins.includes(origin)) return;
    this.down.add(origin);
    this.report(`API upstream ${origin} is down (${reason}); ${this.summary()}`);
  }

  markUp(origin: string): void {
    if (!this.down.delete(origin)) return;
    this.report(`API upstream ${origin} is back; ${this.summary()}`);
  }

  private summary(): string {
    return `${this.healthy().length} of ${this.origins.length} up`;
  }

  /** Starts the periodic checks; with one upstream there is nothing to choose, so none run. */
  start(): void {
    if (this.origins.length < 2 || this.timer) return;
    const tick = async () => {
      await this.checkAll();
      if (this.timer) this.timer = setTimeout(tick, this.health.intervalMs).unref();
    };
    this.timer = setTimeout(tick, this.health.intervalMs).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One round of health checks, all upstreams at once (a round never overlaps the previous one). */
  async checkAll(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all(
        this.origins.map(async (origin) => {
          if (await checkHealth(origin, this.health.timeoutMs)) this.markUp(origin);
          else this.markDown(origin, `${HEALTH_PATH} did not answer 2xx`);
        }),
      );
    } finally {
      this.checking = false;
    }
  }
}
