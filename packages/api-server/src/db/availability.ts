import { unavailableReason } from './unavailable';

export type DatabaseState = 'ok' | 'unavailable';

interface AvailabilityLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * What this instance last saw of its database: reachable, or unavailable since when and why.
 * A failed connection or a cut one marks it down; a new connection (or a successful check) marks it
 * up again. The change is logged once each way, so an outage writes two lines, not one per request.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private reason: string | null = null;

  constructor(
    private readonly log: AvailabilityLog | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  get state(): DatabaseState {
    return this.downSince === null ? 'ok' : 'unavailable';
  }

  /** Seconds since the database went away (0 while it is up). */
  get downForSeconds(): number {
    return this.downSince === null ? 0 : Math.round((this.clock() - this.downSince) / 1000);
  }

  markUnavailable(err: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = this.clock();
    this.reason = unavailableReason(err);
    this.log?.warn({ reason: this.reason }, 'database unavailable: answering 503 until it is back');
  }

  markAvailable(): void {
    if (this.downSince === null) return;
    const downMs = this.clock() - this.downSince;
    this.downSince = null;
    this.log?.info({ downMs, reason: this.reason }, 'database available again');
    this.reason = null;
  }
}
