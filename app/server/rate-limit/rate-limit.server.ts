import { data } from "react-router";
import { limitMessage } from "#app/lib/failure-copy";
import type { AppEnv } from "#app/server/env.server";
import type { Charged, RateLimitDecision, WindowRule, WindowsDecision } from "./rate-limiter.server";

/**
 * `ai`, `marketplace` and `poll` (reads of one recommendation's page, the pending page's polls
 * included) are per user; `ai-ip` (creates) and `image` per client IP (sign-up is open and the
 * image proxy serves signed-out visitors); `ai-global` is one budget for the whole service.
 */
export type RateLimitName = "ai" | "ai-ip" | "ai-global" | "marketplace" | "image" | "poll" | "reading";

/**
 * A pending page polls every 0.4 s while the list is ranked, then every second: 150 a minute at
 * most from one tab. Twice that leaves room for a second tab and reloads, and still bounds what
 * one account can make the page's D1, R2 and Durable Object reads cost.
 */
export const POLL_RULE: RateLimitRule = { max: 300, windowSeconds: 60 };

/**
 * The create form's live reading (parser only, no AI spend): asked at most every 0.4 s while the
 * buyer types, 150 a minute from one steadily typing tab. 240 leaves room for a second tab and
 * still bounds the parser's CPU one account can use.
 */
export const READING_RULE: RateLimitRule = { max: 240, windowSeconds: 60 };

export type RateLimitRule = { max: number; windowSeconds: number };

/** The configured rules (wrangler vars; defaults 1/min for the AI step, 60/min for Blocket, 120 image fetches/min). */
export function rateLimitRule(appEnv: AppEnv, name: RateLimitName): RateLimitRule {
  if (name === "image") return { max: appEnv.IMAGE_RATE_LIMIT_MAX, windowSeconds: appEnv.IMAGE_RATE_LIMIT_WINDOW_SECONDS };
  if (name === "ai-ip") return { max: appEnv.AI_IP_RATE_LIMIT_MAX, windowSeconds: appEnv.AI_IP_RATE_LIMIT_WINDOW_SECONDS };
  if (name === "ai-global") return { max: appEnv.AI_DAILY_BUDGET, windowSeconds: 86_400 };
  if (name === "poll") return POLL_RULE;
  if (name === "reading") return READING_RULE;
  return name === "ai"
    ? { max: appEnv.AI_RATE_LIMIT_MAX, windowSeconds: appEnv.AI_RATE_LIMIT_WINDOW_SECONDS }
    : { max: appEnv.MARKETPLACE_RATE_LIMIT_MAX, windowSeconds: appEnv.MARKETPLACE_RATE_LIMIT_WINDOW_SECONDS };
}

/** One Durable Object's share of a decision over several windows: which object, and its windows. */
export type LimitBucket = { name: RateLimitName | "ai-net"; key: string; rules: WindowRule[] };

/** The limits as the app uses them: one RateLimiter Durable Object per (limit, key). */
export type RateLimits = {
  rule(name: RateLimitName): RateLimitRule;
  /** Records `cost` attempts (default one) against `key`'s limit `name` and returns the decision. */
  hit(name: RateLimitName, key: string, cost?: number): Promise<RateLimitDecision>;
  /** Whether one more attempt would pass every window of the bucket; records nothing. */
  peek(bucket: LimitBucket): Promise<WindowsDecision>;
  /** Records one attempt in every window when all admit it; the ticket gives it back. */
  charge(bucket: LimitBucket): Promise<Charged>;
  /** Gives a charged attempt back; false when the ticket is unknown or already refunded. */
  refund(bucket: Pick<LimitBucket, "name" | "key">, ticket: string): Promise<boolean>;
};

export function createRateLimits(namespace: Env["RATE_LIMITER"], rules: (name: RateLimitName) => RateLimitRule): RateLimits {
  const stub = (name: LimitBucket["name"], key: string) => namespace.get(namespace.idFromName(`${name}:${key}`));
  return {
    rule: rules,
    async hit(name, key, cost = 1) {
      const rule = rules(name);
      if (!Number.isInteger(rule.max) || rule.max < 1 || !Number.isFinite(rule.windowSeconds) || rule.windowSeconds <= 0) {
        throw new RangeError(`Invalid rate limit: ${rule.max} per ${rule.windowSeconds} s`);
      }
      if (!Number.isInteger(cost) || cost < 1) throw new RangeError(`Invalid rate-limit cost: ${cost}`);
      return stub(name, key).hit(rule.max, rule.windowSeconds, cost);
    },
    peek: (bucket) => stub(bucket.name, bucket.key).peek(bucket.rules, 1),
    charge: (bucket) => stub(bucket.name, bucket.key).charge(bucket.rules, 1),
    refund: (bucket, ticket) => stub(bucket.name, bucket.key).refund(ticket),
  };
}

/** Throws a 429 response (Swedish message, Retry-After header) when `key` is over the limit. */
export async function enforceRateLimit(limits: Pick<RateLimits, "hit">, name: RateLimitName, key: string): Promise<void> {
  const decision = await limits.hit(name, key);
  if (decision.allowed) return;
  throw data(
    { message: limitMessage(name, decision.retryAfterSeconds), retryAfterSeconds: decision.retryAfterSeconds },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
  );
}
