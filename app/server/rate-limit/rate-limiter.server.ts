import { DurableObject } from "cloudflare:workers";

export type RateLimitDecision = {
  allowed: boolean;
  /** Admissions left in the current window after this attempt. */
  remaining: number;
  /** Seconds until the next attempt would be admitted (0 when one is admitted now). */
  retryAfterSeconds: number;
};

/** One window of a bucket: at most `max` events in any `windowSeconds`. */
export type WindowRule = { max: number; windowSeconds: number };

/** A decision over several windows at once; `refusedRule` is the index of the rule that binds longest. */
export type WindowsDecision = RateLimitDecision & { refusedRule: number | null };

/** An admission that recorded events, with the ticket that gives them back. */
export type Charged = WindowsDecision & { ticket: string | null };

/**
 * A sliding-window log in one SQLite-backed Durable Object per (limit name, user or network).
 * No method awaits between reading and writing, so the object's input gate serialises concurrent
 * calls and the count is exact: 50 simultaneous attempts against a limit of 1 admit exactly 1.
 *
 * A bucket may hold several windows (an hourly and a daily rule, say); a caller always passes the
 * same rules for the same object, because the alarm that frees the storage is set from them.
 * `peek` decides without recording; `charge` decides again and records atomically, under a
 * ticket that `refund` can give back (a create refused by another bucket, or a job that failed
 * before it spent anything).
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.ensureSchema();
  }

  private ensureSchema(): void {
    this.sql.exec("CREATE TABLE IF NOT EXISTS events (at INTEGER NOT NULL, ticket TEXT)");
    // Objects created before tickets existed have the one-column table.
    const columns = this.sql.exec<{ name: string }>("PRAGMA table_info(events)").toArray();
    if (!columns.some((column) => column.name === "ticket")) this.sql.exec("ALTER TABLE events ADD COLUMN ticket TEXT");
    this.sql.exec("CREATE INDEX IF NOT EXISTS events_at ON events (at)");
  }

  /**
   * Records `cost` events at once (all or none); `max`, `windowSeconds` and `cost` are validated by
   * the caller (rate-limit.server.ts). A create flow's ten marketplace lookups cost 10.
   */
  hit(max: number, windowSeconds: number, cost = 1): RateLimitDecision {
    const { allowed, remaining, retryAfterSeconds } = this.charge([{ max, windowSeconds }], cost);
    return { allowed, remaining, retryAfterSeconds };
  }

  /** Whether `cost` more events would be admitted now under every rule; records nothing. */
  peek(rules: readonly WindowRule[], cost = 1): WindowsDecision {
    return this.decide(Date.now(), rules, cost);
  }

  /** Decides as `peek` does and, when admitted, records the events under a fresh ticket. */
  charge(rules: readonly WindowRule[], cost = 1): Charged {
    const now = Date.now();
    const decision = this.decide(now, rules, cost);
    if (!decision.allowed) return { ...decision, ticket: null };
    const ticket = crypto.randomUUID();
    for (let event = 0; event < cost; event++) this.sql.exec("INSERT INTO events (at, ticket) VALUES (?, ?)", now, ticket);
    // Nothing needs to survive once the longest window has passed: let the alarm wipe the storage.
    void this.ctx.storage.setAlarm(now + longestWindowMs(rules));
    return { ...decision, ticket };
  }

  /** Gives back the events recorded under `ticket`; true when there were any (so twice is harmless). */
  refund(ticket: string): boolean {
    return this.sql.exec("DELETE FROM events WHERE ticket = ?", ticket).rowsWritten > 0;
  }

  private decide(now: number, rules: readonly WindowRule[], cost: number): WindowsDecision {
    this.sql.exec("DELETE FROM events WHERE at <= ?", now - longestWindowMs(rules));
    let remaining = Number.POSITIVE_INFINITY;
    let refused: { rule: number; wait: number } | null = null;
    for (const [index, rule] of rules.entries()) {
      const windowMs = rule.windowSeconds * 1000;
      const count = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE at > ?", now - windowMs).one().n;
      if (count + cost <= rule.max) {
        remaining = Math.min(remaining, rule.max - count - cost);
        continue;
      }
      remaining = Math.min(remaining, Math.max(0, rule.max - count));
      let wait = rule.windowSeconds;
      if (cost <= rule.max) {
        // Enough of the oldest events in this window have to leave it before `cost` more fit.
        const unlockAt = this.sql
          .exec<{ at: number }>("SELECT at FROM events WHERE at > ? ORDER BY at ASC LIMIT 1 OFFSET ?", now - windowMs, count + cost - rule.max - 1)
          .one().at;
        wait = Math.max(1, Math.ceil((unlockAt + windowMs - now) / 1000));
      }
      if (!refused || wait > refused.wait) refused = { rule: index, wait };
    }
    if (!refused) return { allowed: true, remaining, retryAfterSeconds: 0, refusedRule: null };
    return { allowed: false, remaining, retryAfterSeconds: refused.wait, refusedRule: refused.rule };
  }

  /** Forget everything (used when a limit's configuration changes, and by tests). */
  reset(): void {
    this.sql.exec("DELETE FROM events");
  }

  /**
   * Each admission moves the alarm to the end of its longest window, so when the alarm fires
   * every event has expired: free the object's storage entirely.
   */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ensureSchema();
  }
}

function longestWindowMs(rules: readonly WindowRule[]): number {
  return Math.max(...rules.map((rule) => rule.windowSeconds)) * 1000;
}
