import { type LimitCode, limitMessage } from "#app/lib/failure-copy";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { networksOf } from "./client-address.server";
import { type LimitBucket, type RateLimitName, type RateLimits } from "./rate-limit.server";
import type { WindowRule, WindowsDecision } from "./rate-limiter.server";

// Peek every bucket, then charge all; a charge decides again atomically, and a late refusal refunds what was charged by
// ticket, so no limit is ever exceeded (docs/security.md, "Spend").

export const ACCOUNT_DAILY_CREATES = 20;

const DAY = 86_400;
const HOUR = 3_600;

const ADDRESS_DAILY_CREATES = 40;

/** Each exceeds one exact address's take, so one heavy user never locks out a neighbour; a /56 is one household's. */
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

export type SpendBucket = LimitBucket & { name: SpendBucketName };

export type SpendLimitClient = Pick<RateLimits, "rule" | "peek" | "charge" | "refund">;

export type Spender = { userId: string; clientAddress: string | undefined; source: AdviceEngine["source"] };

export type SpendRefund = { name: SpendBucketName; key: string; ticket: string };

/** `budgetSpent`: the day's model budget had no slot left, so the local engine answers this create (and nothing was drawn on the budget). */
export type SpendDecision =
  { allowed: true; globalRefund: SpendRefund | null; budgetSpent: boolean } | { allowed: false; retryAfterSeconds: number; message: string };

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

export async function checkSpendLimits(client: SpendLimitClient, spender: Spender): Promise<SpendDecision> {
  let buckets = spendBuckets(client.rule, spender);
  const peeked = await Promise.all(buckets.map((bucket) => client.peek(bucket)));
  const early = refusal(buckets, peeked);
  if (early) return early;
  // A spent budget refuses no one: the local engine, which costs nothing, answers instead.
  const budgetSpentEarly = buckets.some((bucket, index) => bucket.name === "ai-global" && !peeked[index]?.allowed);
  if (budgetSpentEarly) buckets = buckets.filter((bucket) => bucket.name !== "ai-global");

  const charged = await Promise.allSettled(buckets.map((bucket) => client.charge(bucket)));
  const decisions = charged.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : null));
  const failed = charged.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  const late = refusal(
    buckets,
    decisions.map((decision) => decision ?? { allowed: true, remaining: 0, retryAfterSeconds: 0, refusedRule: null }),
  );
  if (!failed && !late) {
    const global = buckets.findIndex((bucket) => bucket.name === "ai-global");
    const ticket = global === -1 ? null : decisions[global]?.ticket;
    // A budget filled between the peek and the charge is spent all the same; a refused charge leaves no ticket.
    return {
      allowed: true,
      globalRefund: ticket ? { name: "ai-global", key: "all", ticket } : null,
      budgetSpent: budgetSpentEarly || (global !== -1 && !ticket),
    };
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

export async function refundSpend(client: Pick<RateLimits, "refund">, refund: SpendRefund): Promise<boolean> {
  try {
    return await client.refund(refund, refund.ticket);
  } catch (error) {
    console.error("Could not give a spend slot back", error);
    return false;
  }
}

type BuyerBucket = SpendBucket & { name: Exclude<SpendBucketName, "ai-global"> };

/** Only the buyer's own and their networks' limits refuse; the model budget never does. */
function refusal(buckets: readonly SpendBucket[], decisions: readonly WindowsDecision[]): Extract<SpendDecision, { allowed: false }> | null {
  for (const [index, bucket] of buckets.entries()) {
    const decision = decisions[index];
    if (!decision || decision.allowed || !isBuyerBucket(bucket)) continue;
    return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, message: spendMessage(bucket, decision) };
  }
  return null;
}

function isBuyerBucket(bucket: SpendBucket): bucket is BuyerBucket {
  return bucket.name !== "ai-global";
}

function spendMessage(bucket: BuyerBucket, decision: WindowsDecision): string {
  const daily = decision.refusedRule !== null && (bucket.rules[decision.refusedRule]?.windowSeconds ?? 0) >= DAY;
  const code: LimitCode = daily && (bucket.name === "ai" || bucket.name === "ai-ip") ? `${bucket.name}-daily` : bucket.name;
  return limitMessage(code, decision.retryAfterSeconds, ACCOUNT_DAILY_CREATES);
}
