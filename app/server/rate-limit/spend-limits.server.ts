import type { RateLimitName, RateLimits } from "./rate-limit.server";

/** Who asks for a create: the limits count the user, their network, or everyone together. */
export type Spender = { userId: string; clientAddress: string | undefined; modelBacked: boolean };

export type SpendRefusal = { name: RateLimitName; retryAfterSeconds: number };

/**
 * Charges a create against its spend limits, cheapest refusal first: the user's own pace, then
 * their network's (CF-Connecting-IP; unknown shares one strict bucket), then the service's daily
 * budget for model calls (the local engine costs nothing, so it has none). A later limit is only
 * charged when the earlier ones allowed the create. Returns the first refusal, or null.
 */
export async function chargeSpendLimits(limits: RateLimits, spender: Spender): Promise<SpendRefusal | null> {
  const keyed: [RateLimitName, string][] = [
    ["ai", spender.userId],
    ["ai-ip", spender.clientAddress ?? "unknown"],
    ...(spender.modelBacked ? ([["ai-global", "all"]] as [RateLimitName, string][]) : []),
  ];
  for (const [name, key] of keyed) {
    const decision = await limits.hit(name, key);
    if (!decision.allowed) return { name, retryAfterSeconds: decision.retryAfterSeconds };
  }
  return null;
}
