import { DurableObject } from "cloudflare:workers";

export type RateLimitDecision = {
  allowed: boolean;
  /** Admissions left in the current window after this attempt. */
  remaining: number;
  /** Seconds until the next attempt would be admitted (0 when one is admitted now). */
  retryAfterSeconds: number;
};

/**
 * A sliding-window log in one SQLite-backed Durable Object per (limit name, user). `hit` never
 * awaits between reading and writing, so the object's input gate serialises concurrent calls and
 * the count is exact: 50 simultaneous attempts against a limit of 1 admit exactly 1.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.ensureSchema();
  }

  private ensureSchema(): void {
    this.sql.exec("CREATE TABLE IF NOT EXISTS events (at INTEGER NOT NULL)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS events_at ON events (at)");
  }

  /**
   * Records `cost` events at once (all or none); `max`, `windowSeconds` and `cost` are validated by
   * the caller (rate-limit.server.ts). A create flow's ten marketplace lookups cost 10.
   */
  hit(max: number, windowSeconds: number, cost = 1): RateLimitDecision {
    const now = Date.now();
    const windowMs = windowSeconds * 1000;
    this.sql.exec("DELETE FROM events WHERE at <= ?", now - windowMs);
    const count = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM events").one().n;

    if (count + cost <= max) {
      for (let event = 0; event < cost; event++) this.sql.exec("INSERT INTO events (at) VALUES (?)", now);
      // Nothing needs to survive once the window has passed: let the alarm wipe the storage.
      void this.ctx.storage.setAlarm(now + windowMs);
      return { allowed: true, remaining: max - count - cost, retryAfterSeconds: 0 };
    }
    if (cost > max) return { allowed: false, remaining: Math.max(0, max - count), retryAfterSeconds: windowSeconds };

    // Enough of the oldest events have to leave the window before `cost` more fit.
    const unlockAt = this.sql
      .exec<{ at: number }>("SELECT at FROM events ORDER BY at ASC LIMIT 1 OFFSET ?", count + cost - max - 1)
      .one().at;
    return {
      allowed: false,
      remaining: Math.max(0, max - count),
      retryAfterSeconds: Math.max(1, Math.ceil((unlockAt + windowMs - now) / 1000)),
    };
  }

  /** Forget everything (used when a limit's configuration changes, and by tests). */
  reset(): void {
    this.sql.exec("DELETE FROM events");
  }

  /**
   * Each admission moves the alarm to the end of its window, so when the alarm fires every event
   * has expired: free the object's storage entirely.
   */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ensureSchema();
  }
}
