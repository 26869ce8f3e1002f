import { type LimitCode, limitMessage } from "#app/lib/failure-copy";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { networksOf } from "./client-address.server";
import { type LimitBucket, type RateLimitName, type RateLimits } from "./rate-limit.server";
import type { WindowRule, WindowsDecision } from "./rate-limiter.server";

/**
 * Every limit a create must pass before any AI work starts (docs/security.md, "Spend"):
 *
 * - the account: its pace (AI_RATE_LIMIT_*, one a minute) and {@link ACCOUNT_DAILY_CREATES} a day,
 *   reruns included (every create is a create);
 * - the exact address (IPv4, or IPv6 per /64): AI_IP_RATE_LIMIT_* an hour and a day's ceiling;
 * - the networks around it: IPv4 /24, IPv6 /56 and /48, each wider than what one exact address
 *   may take, so one heavy user behind a carrier's NAT cannot use up a neighbour's share;
 * - with a model behind the engine, the service's daily budget (AI_DAILY_BUDGET).
 *
 * Checked before any is charged: every bucket is peeked (in parallel); only when all would admit
 * are all charged (in parallel). Each charge decides again and records atomically in its own
 * Durable Object, so a bucket filled by a concurrent create between the peek and the charge still
 * refuses; the buckets already charged are then refunded by ticket. A limit is therefore never
 * exceeded; a race costs a concurrent create at worst a refusal it might have been spared, and a
 * refund that cannot be delivered leaves a slot used (the strict side).
 */

export const ACCOUNT_DAILY_CREATES = 20;

const DAY = 86_400;
const HOUR = 3_600;

/** What one exact address may take in a day, beside its hourly AI_IP_RATE_LIMIT_MAX. */
const ADDRESS_DAILY_CREATES = 40;

/**
 * The networks' rules. Each exceeds what one exact address may take (10 an hour, 40 a day by
 * default), so a neighbour on another address of the same /24 or /48 is never locked out by one
 * heavy user; the /56 is one household's, so rotating /64s inside it buys nothing.
 */
const NETWORK_RULES: Record<24 | 48 | 56, WindowRule[]> = {
  24: [
    { max: 60, windowSeconds: HOUR },
    { max: 200, windowSeconds: DAY },
  ],
  56: [
    { max: 20, windowSeconds: HOUR },
    { max: 60, windowSeconds: DAY },
  ],
  48: [
    { max: 60, windowSeconds: HOUR },
    { max: 200, windowSeconds: DAY },
  ],
};

type SpendBucketName = Extract<RateLimitName, "ai" | "ai-ip" | "ai-global"> | "ai-net";

/** One Durable Object's share of the decision: which object, and its windows. */
export type SpendBucket = LimitBucket & { name: SpendBucketName };

/** How the limits are reached: `Services.rateLimits` (the RateLimiter Durable Objects) in production. */
export type SpendLimitClient = Pick<RateLimits, "rule" | "peek" | "charge" | "refund">;

/** Who asks for a create: the limits count the user, their networks, or everyone together. */
export type Spender = { userId: string; clientAddress: string | undefined; source: AdviceEngine["source"] };

/** What a job needs to give the service's daily slot back. */
export type SpendRefund = { name: SpendBucketName; key: string; ticket: string };

export type SpendDecision =
  | { allowed: true; /** The daily budget's slot, when one was charged. */ globalRefund: SpendRefund | null }
  | { allowed: false; retryAfterSeconds: number; message: string };

/** The buckets a create by `userId` from `address` passes, in the order a refusal is reported. */
export function spendBuckets(rateLimitRule: RateLimits["rule"], { userId, clientAddress, source }: Spender): SpendBucket[] {
  const exact = clientAddress ?? "unknown";
  const ip = rateLimitRule("ai-ip");
  const buckets: SpendBucket[] = [
    { name: "ai", key: userId, rules: [rateLimitRule("ai"), { max: ACCOUNT_DAILY_CREATES, windowSeconds: DAY }] },
    { name: "ai-ip", key: exact, rules: [ip, { max: Math.max(ip.max, ADDRESS_DAILY_CREATES), windowSeconds: DAY }] },
    ...networksOf(exact).map((network): SpendBucket => ({ name: "ai-net", key: network.key, rules: NETWORK_RULES[network.bits] })),
  ];
  // The local engine costs nothing, so only a model-backed one draws on the daily budget.
  if (source === "openai") buckets.push({ name: "ai-global", key: "all", rules: [rateLimitRule("ai-global")] });
  return buckets;
}

/** Peeks every bucket, then charges every bucket; refunds what it charged if any charge is refused. */
export async function checkSpendLimits(client: SpendLimitClient, spender: Spender): Promise<SpendDecision> {
  const buckets = spendBuckets(client.rule, spender);
  const peeked = await Promise.all(buckets.map((bucket) => client.peek(bucket)));
  const early = refusal(buckets, peeked);
  if (early) return early;

  const charged = await Promise.allSettled(buckets.map((bucket) => client.charge(bucket)));
  const decisions = charged.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : null));
  const failed = charged.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  const late = refusal(buckets, decisions.map((decision) => decision ?? { allowed: true, remaining: 0, retryAfterSeconds: 0, refusedRule: null }));
  if (!failed && !late) {
    const global = buckets.findIndex((bucket) => bucket.name === "ai-global");
    const ticket = global === -1 ? null : decisions[global]?.ticket;
    return { allowed: true, globalRefund: ticket ? { name: "ai-global", key: "all", ticket } : null };
  }
  await Promise.all(
    buckets.map((bucket, index) => {
      const ticket = decisions[index]?.ticket;
      return ticket ? client.refund(bucket, ticket).catch((error: unknown) => console.error("Could not refund a spend limit", error)) : null;
    }),
  );
  if (failed) throw failed.reason;
  return late as Extract<SpendDecision, { allowed: false }>;
}

/** Gives a charged slot back (a job that failed before its first model call). Never throws. */
export async function refundSpend(client: Pick<RateLimits, "refund">, refund: SpendRefund): Promise<boolean> {
  try {
    return await client.refund(refund, refund.ticket);
  } catch (error) {
    console.error("Could not give a spend slot back", error);
    return false;
  }
}

/** The first refused bucket in `buckets` order, as the buyer reads it; null when all admit. */
function refusal(buckets: readonly SpendBucket[], decisions: readonly WindowsDecision[]): Extract<SpendDecision, { allowed: false }> | null {
  for (const [index, bucket] of buckets.entries()) {
    const decision = decisions[index];
    if (!decision || decision.allowed) continue;
    return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, message: spendMessage(bucket, decision) };
  }
  return null;
}

function spendMessage(bucket: SpendBucket, decision: WindowsDecision): string {
  const daily = decision.refusedRule !== null && (bucket.rules[decision.refusedRule]?.windowSeconds ?? 0) >= DAY;
  const code: LimitCode = daily && (bucket.name === "ai" || bucket.name === "ai-ip") ? `${bucket.name}-daily` : bucket.name;
  return limitMessage(code, decision.retryAfterSeconds, ACCOUNT_DAILY_CREATES);
}
