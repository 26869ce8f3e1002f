import { DurableObject } from "cloudflare:workers";

export type RateLimitDecision = {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
};

export type WindowRule = { max: number; windowSeconds: number };

export type WindowsDecision = RateLimitDecision & { refusedRule: number | null };

export type Charged = WindowsDecision & { ticket: string | null };

// A sliding-window log per (limit, key). No await between reading and writing, so the input gate serialises calls and the
// count is exact. A caller passes the same rules for the same object: the alarm that frees its storage is set from them.
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

  hit(max: number, windowSeconds: number, cost = 1): RateLimitDecision {
    const { allowed, remaining, retryAfterSeconds } = this.charge([{ max, windowSeconds }], cost);
    return { allowed, remaining, retryAfterSeconds };
  }

  peek(rules: readonly WindowRule[], cost = 1): WindowsDecision {
    return this.decide(Date.now(), rules, cost);
  }

  charge(rules: readonly WindowRule[], cost = 1): Charged {
    const now = Date.now();
    const decision = this.decide(now, rules, cost);
    if (!decision.allowed) return { ...decision, ticket: null };
    const ticket = crypto.randomUUID();
    for (let event = 0; event < cost; event++) this.sql.exec("INSERT INTO events (at, ticket) VALUES (?, ?)", now, ticket);
    void this.ctx.storage.setAlarm(now + longestWindowMs(rules));
    return { ...decision, ticket };
  }

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

  reset(): void {
    this.sql.exec("DELETE FROM events");
  }

  /** Every admission moves the alarm to the end of its longest window, so by now every event has expired. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ensureSchema();
  }
}

function longestWindowMs(rules: readonly WindowRule[]): number {
  return Math.max(...rules.map((rule) => rule.windowSeconds)) * 1000;
}
