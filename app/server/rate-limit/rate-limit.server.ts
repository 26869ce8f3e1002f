import { data } from "react-router";
import { limitMessage } from "#app/lib/failure-copy";
import type { AppEnv } from "#app/server/env.server";
import type { Charged, RateLimitDecision, WindowRule, WindowsDecision } from "./rate-limiter.server";

/** `ai-ip` and `image` count per IP: sign-up is open and the image proxy serves signed-out visitors. */
export type RateLimitName = "ai" | "ai-ip" | "ai-global" | "marketplace" | "image" | "poll" | "reading";

/** One tab polls at most 150 a minute (0.4 s, then 1 s); twice that allows a second tab and still bounds the page's reads. */
export const POLL_RULE: RateLimitRule = { max: 300, windowSeconds: 60 };

/** Live reading asks at most every 0.4 s while typing (150 a minute); 240 allows a second tab and bounds the parser's CPU. */
export const READING_RULE: RateLimitRule = { max: 240, windowSeconds: 60 };

export type RateLimitRule = { max: number; windowSeconds: number };

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

export type LimitBucket = { name: RateLimitName | "ai-net"; key: string; rules: WindowRule[] };

export type RateLimits = {
  rule(name: RateLimitName): RateLimitRule;
  hit(name: RateLimitName, key: string, cost?: number): Promise<RateLimitDecision>;
  peek(bucket: LimitBucket): Promise<WindowsDecision>;
  charge(bucket: LimitBucket): Promise<Charged>;
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

/** Not for the model budget, which never refuses a buyer (spend-limits.server.ts). */
export async function enforceRateLimit(limits: Pick<RateLimits, "hit">, name: Exclude<RateLimitName, "ai-global">, key: string): Promise<void> {
  const decision = await limits.hit(name, key);
  if (decision.allowed) return;
  throw data(
    { message: limitMessage(name, decision.retryAfterSeconds), retryAfterSeconds: decision.retryAfterSeconds },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
  );
}
