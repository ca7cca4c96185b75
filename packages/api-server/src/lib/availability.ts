import { unavailableReason } from '../db/unavailable';

export type AvailabilityState = 'ok' | 'unavailable';

interface AvailabilityLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * What this instance last saw of a service it depends on (the database, Redis): reachable, or
 * unavailable since when and why. A failed connection or a cut one marks it down; a new connection
 * (or a successful check) marks it up again. The change is logged once each way, so an outage
 * writes two lines, not one per request.
 */
export class Availability {
  private downSince: number | null = null;
  private reason: string | null = null;

  constructor(
    /** What depends on it, for the log: "database", "Redis (rate limits)". */
    private readonly what: string,
    private readonly log: AvailabilityLog | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  get state(): AvailabilityState {
    return this.downSince === null ? 'ok' : 'unavailable';
  }

  /** Seconds since it went away (0 while it is up). */
  get downForSeconds(): number {
    return this.downSince === null ? 0 : Math.round((this.clock() - this.downSince) / 1000);
  }

  markUnavailable(err: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = this.clock();
    this.reason = unavailableReason(err);
    this.log?.warn({ reason: this.reason }, `${this.what} unavailable: answering 503 until it is back`);
  }

  markAvailable(): void {
    if (this.downSince === null) return;
    const downMs = this.clock() - this.downSince;
    this.downSince = null;
    this.log?.info({ downMs, reason: this.reason }, `${this.what} available again`);
    this.reason = null;
  }
}
