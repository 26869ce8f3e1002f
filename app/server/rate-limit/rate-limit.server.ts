import { env } from "cloudflare:workers";
import { data } from "react-router";
import { getAppEnv } from "#app/server/env.server";
import type { RateLimitDecision } from "./rate-limiter.server";

/** `image` is per client IP (the image proxy is open to signed-out visitors), the others per user. */
export type RateLimitName = "ai" | "marketplace" | "image";

export type RateLimitRule = { max: number; windowSeconds: number };

/** The configured rules (wrangler vars; defaults 1/min for the AI step, 60/min for Blocket, 120 image fetches/min). */
export function rateLimitRule(name: RateLimitName): RateLimitRule {
  const appEnv = getAppEnv();
  if (name === "image") return { max: appEnv.IMAGE_RATE_LIMIT_MAX, windowSeconds: appEnv.IMAGE_RATE_LIMIT_WINDOW_SECONDS };
  return name === "ai"
    ? { max: appEnv.AI_RATE_LIMIT_MAX, windowSeconds: appEnv.AI_RATE_LIMIT_WINDOW_SECONDS }
    : { max: appEnv.MARKETPLACE_RATE_LIMIT_MAX, windowSeconds: appEnv.MARKETPLACE_RATE_LIMIT_WINDOW_SECONDS };
}

/** One Durable Object per (limit, user or client address): callers never contend with each other. */
export function rateLimiterFor(name: RateLimitName, userId: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${name}:${userId}`));
}

/** Records `cost` attempts (default one) against the user's limit and returns the decision. */
export async function checkRateLimit(
  name: RateLimitName,
  userId: string,
  rule: RateLimitRule = rateLimitRule(name),
  cost = 1,
): Promise<RateLimitDecision> {
  if (!Number.isInteger(rule.max) || rule.max < 1 || !Number.isFinite(rule.windowSeconds) || rule.windowSeconds <= 0) {
    throw new RangeError(`Invalid rate limit: ${rule.max} per ${rule.windowSeconds} s`);
  }
  if (!Number.isInteger(cost) || cost < 1) throw new RangeError(`Invalid rate-limit cost: ${cost}`);
  return rateLimiterFor(name, userId).hit(rule.max, rule.windowSeconds, cost);
}

export function rateLimitMessage(name: RateLimitName, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? "1 sekund" : `${retryAfterSeconds} sekunder`;
  if (name === "image") return `För många bilder på kort tid. Vänta ${wait} och försök igen.`;
  return name === "ai"
    ? `Du har nyss bett om nya bilförslag. Vänta ${wait} innan du försöker igen.`
    : `För många annonssökningar på kort tid. Vänta ${wait} och försök igen.`;
}

/**
 * Throws a 429 response (Swedish message, Retry-After header) when the user is over the limit.
 * Callers that want to show the message inside a form use `checkRateLimit` instead.
 */
export async function enforceRateLimit(name: RateLimitName, userId: string): Promise<void> {
  const decision = await checkRateLimit(name, userId);
  if (decision.allowed) return;
  throw data(
    { message: rateLimitMessage(name, decision.retryAfterSeconds), retryAfterSeconds: decision.retryAfterSeconds },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
  );
}
