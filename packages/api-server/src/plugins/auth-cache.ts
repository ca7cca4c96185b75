/**
 * What an instance read lately of a session and its user (roles, verified), so a burst of requests
 * with one token costs one database read. Held at most `ttlMs` (<= 1 s by config), and dropped at
 * once when a user or session changes: by this instance's own writes (db/auth-writes.ts, before and
 * after the write) and by every other writer's, announced by PostgreSQL (`kloof_auth`, see
 * migration 0005) while this instance listens. Without listening it caches nothing (`enabled`).
 */
export class AuthCache<T> {
  private readonly users = new Map<string, Map<string, { value: T; until: number }>>();
  /** Bumped by every invalidation: a read that began before one is not cached (it may be stale). */
  private generation = 0;
  enabled = true;

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(userId: string, familyId: string): T | undefined {
    const hit = this.users.get(userId)?.get(familyId);
    if (!hit) return undefined;
    if (hit.until > this.now()) return hit.value;
    this.users.get(userId)?.delete(familyId);
    return undefined;
  }

  /** Call before reading from the database; pass the result to `set`. */
  begin(): number {
    return this.generation;
  }

  set(begun: number, userId: string, familyId: string, value: T): void {
    if (!this.enabled || this.ttlMs <= 0 || begun !== this.generation) return;
    let families = this.users.get(userId);
    if (!families) this.users.set(userId, (families = new Map()));
    families.set(familyId, { value, until: this.now() + this.ttlMs });
  }

  /** One user changed (a notification), or anything may have (no user named). */
  invalidate(userId?: string): void {
    this.generation++;
    if (userId === undefined) this.users.clear();
    else this.users.delete(userId);
  }

  /** Stale entries of users never seen again go (called now and then, not per request). */
  sweep(): void {
    const now = this.now();
    for (const [userId, families] of this.users) {
      for (const [familyId, entry] of families) if (entry.until <= now) families.delete(familyId);
      if (!families.size) this.users.delete(userId);
    }
  }
}
