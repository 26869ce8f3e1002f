import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { networksOf } from "#app/server/rate-limit/client-address.server";
import {
  ACCOUNT_DAILY_CREATES,
  checkSpendLimits,
  refundSpend,
  type SpendBucket,
  spendBuckets,
  type SpendLimitClient,
} from "#app/server/rate-limit/spend-limits.server";
import type { LimitBucket } from "#app/server/rate-limit/rate-limit.server";
import { servicesFor } from "#app/server/services.server";

/**
 * The spend limits against the real RateLimiter Durable Objects: the account, the exact address,
 * the networks around it (IPv4 /24, IPv6 /56 and /48) and the daily budget; all checked before any
 * is charged; a slot given back by ticket.
 */

/** The deployment's limiters (Services.rateLimits). */
const limits = (): SpendLimitClient => servicesFor(env).rateLimits;
const rateLimitRule = (name: "ai" | "ai-ip") => limits().rule(name);

const tag = () => crypto.randomUUID().slice(0, 8);
/** A fresh /16 of TEST-NET-ish space per test, so no two tests share a network bucket. */
const freshV4Net = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const freshV6Net = () => `2001:db8:${Math.floor(Math.random() * 0xfff).toString(16)}`;

/** The durable client with some buckets' rules or keys replaced (a test's own budget, no one-a-minute pace). */
function client(adjust: (bucket: LimitBucket) => LimitBucket, base: SpendLimitClient = limits()): SpendLimitClient {
  return {
    rule: base.rule,
    peek: (bucket) => base.peek(adjust(bucket)),
    charge: (bucket) => base.charge(adjust(bucket)),
    refund: (bucket, ticket) => base.refund(adjust({ ...bucket, rules: [] }), ticket),
  };
}

/** Every create a new account (as the throw-away accounts of the issue), so only the address limits bind. */
async function createsUntilRefused(address: string, max = 100) {
  for (let made = 0; made < max; made++) {
    const decision = await checkSpendLimits(limits(), { userId: `user_${tag()}`, clientAddress: address, source: "local" });
    if (!decision.allowed) return { made, decision };
  }
  return { made: max, decision: null };
}

describe("the networks around an address", () => {
  it("IPv4 counts per /24, IPv6 per /56 and /48, whatever the spelling; nothing to widen for unknown", () => {
    expect(networksOf("203.0.113.77")).toEqual([{ bits: 24, key: "203.0.113.0/24" }]);
    expect(networksOf("2001:db8:12:3456::/64")).toEqual([
      { bits: 56, key: "2001:db8:12:3400::/56" },
      { bits: 48, key: "2001:db8:12::/48" },
    ]);
    expect(networksOf("2001:db8:12:34ff::/64")).toEqual(networksOf("2001:db8:12:3400::/64"));
    expect(networksOf("2001:db8:12:3500::/64")[0]).not.toEqual(networksOf("2001:db8:12:3400::/64")[0]);
    expect(networksOf("unknown")).toEqual([]);
    expect(networksOf("999.1.1.1")).toEqual([]);
  });

  it("every create passes the account, the address, its networks and (with a model) the daily budget", () => {
    const names = (address: string, source: "local" | "openai") =>
      spendBuckets(limits().rule, { userId: "user_x", clientAddress: address, source }).map((bucket) => `${bucket.name} ${bucket.key}`);
    expect(names("198.51.100.9", "openai")).toEqual(["ai user_x", "ai-ip 198.51.100.9", "ai-net 198.51.100.0/24", "ai-global all"]);
    expect(names("2001:db8:1:2::/64", "local")).toEqual(["ai user_x", "ai-ip 2001:db8:1:2::/64", "ai-net 2001:db8:1:0::/56", "ai-net 2001:db8:1::/48"]);
    const account = spendBuckets(limits().rule, { userId: "user_x", clientAddress: "unknown", source: "local" })[0]!;
    expect(account.rules).toEqual([rateLimitRule("ai"), { max: ACCOUNT_DAILY_CREATES, windowSeconds: 86_400 }]);
  });
});

describe("a heavy user does not lock out a neighbour", () => {
  it("IPv4: one address with many accounts is stopped by its own limit; another address in the same /24 still creates", async () => {
    const net = freshV4Net();
    const heavy = await createsUntilRefused(`${net}.5`);
    expect(heavy.made).toBe(rateLimitRule("ai-ip").max);
    expect(heavy.decision?.allowed === false && heavy.decision.message).toMatch(/^Många bilförslag har beställts från din uppkoppling/);
    const neighbour = await checkSpendLimits(limits(), { userId: `user_${tag()}`, clientAddress: `${net}.77`, source: "local" });
    expect(neighbour.allowed).toBe(true);
  }, 30_000);

  it("IPv4: rotating addresses inside one /24 buys at most the /24's hour", async () => {
    const net = freshV4Net();
    let made = 0;
    for (let host = 1; host <= 12; host++) made += (await createsUntilRefused(`${net}.${host}`)).made;
    expect(made).toBe(60);
    const refused = await checkSpendLimits(limits(), { userId: `user_${tag()}`, clientAddress: `${net}.200`, source: "local" });
    expect(refused.allowed === false && refused.message).toMatch(/^Många bilförslag har beställts från ditt nät/);
  }, 60_000);

  it("IPv6: a household rotating /64s inside its /56 is stopped there; a neighbour in another /56 of the same /48 still creates", async () => {
    const site = freshV6Net();
    let made = 0;
    for (let subnet = 0; subnet < 4; subnet++) made += (await createsUntilRefused(`${site}:a${subnet}::/64`)).made;
    expect(made).toBe(20);
    expect((await checkSpendLimits(limits(), { userId: `user_${tag()}`, clientAddress: `${site}:af::/64`, source: "local" })).allowed).toBe(false);
    const neighbour = await checkSpendLimits(limits(), { userId: `user_${tag()}`, clientAddress: `${site}:b00::/64`, source: "local" });
    expect(neighbour.allowed).toBe(true);
  }, 30_000);
});

describe("the per-account daily cap", () => {
  it(`admits ${ACCOUNT_DAILY_CREATES} creates a day per account, whatever the address, then says so in Swedish`, async () => {
    const userId = `user_daily_${tag()}`;
    // A pace of a hundred a minute instead of one, so the day's cap is what binds.
    const noPace = client((bucket) => (bucket.name === "ai" ? { ...bucket, rules: [{ max: 100, windowSeconds: 60 }, ...bucket.rules.slice(1)] } : bucket));
    let made = 0;
    for (let create = 0; create < ACCOUNT_DAILY_CREATES + 3; create++) {
      const decision = await checkSpendLimits(noPace, { userId, clientAddress: `${freshV4Net()}.${create + 1}`, source: "local" });
      if (decision.allowed) made++;
      else expect(decision.message).toMatch(/^Du har beställt 20 bilförslag det senaste dygnet, vilket är gränsen per konto\. Försök igen om \d+ timmar\.$/);
    }
    expect(made).toBe(ACCOUNT_DAILY_CREATES);
    // Another account is not affected.
    expect((await checkSpendLimits(noPace, { userId: `user_${tag()}`, clientAddress: `${freshV4Net()}.1`, source: "local" })).allowed).toBe(true);
  }, 30_000);
});

describe("every limit checked before any is charged", () => {
  it("a spent daily budget refuses no one: the create is admitted for the local engine, the account and the address charged, the budget not", async () => {
    const budget = `all-${tag()}`;
    const full = client((bucket) => (bucket.name === "ai-global" ? { ...bucket, key: budget, rules: [{ max: 1, windowSeconds: 86_400 }] } : bucket));
    const first = await checkSpendLimits(full, { userId: `user_${tag()}`, clientAddress: `${freshV4Net()}.1`, source: "openai" });
    expect(first).toMatchObject({ allowed: true, budgetSpent: false, globalRefund: { ticket: expect.any(String) } });

    const userId = `user_${tag()}`;
    const address = `${freshV4Net()}.1`;
    const admitted = await checkSpendLimits(full, { userId, clientAddress: address, source: "openai" });
    expect(admitted).toEqual({ allowed: true, budgetSpent: true, globalRefund: null });
    // The buyer's own limits counted it; the budget holds only the first create's slot.
    for (const bucket of spendBuckets(limits().rule, { userId, clientAddress: address, source: "local" })) {
      expect(await limits().peek(bucket), bucket.name).toMatchObject({ remaining: Math.max(0, bucket.rules[0]!.max - 2) });
    }
    if (first.allowed && first.globalRefund) expect(await refundSpend(full, first.globalRefund)).toBe(true);
    expect(await full.peek({ name: "ai-global", key: "all", rules: [] })).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("a budget filled between the peek and the charge: admitted all the same, with no budget slot to give back", async () => {
    const budget = `all-${tag()}`;
    const base = limits();
    const racy: SpendLimitClient = client(
      (bucket) => (bucket.name === "ai-global" ? { ...bucket, key: budget, rules: [{ max: 1, windowSeconds: 86_400 }] } : bucket),
      {
        ...base,
        // A concurrent create takes the budget's last slot right after this create's peek.
        async charge(bucket) {
          if (bucket.key === budget) await base.charge(bucket);
          return base.charge(bucket);
        },
      },
    );
    const decision = await checkSpendLimits(racy, { userId: `user_${tag()}`, clientAddress: `${freshV4Net()}.1`, source: "openai" });
    expect(decision).toEqual({ allowed: true, budgetSpent: true, globalRefund: null });
  });

  it("a buyer's bucket filled between the peek and the charge refuses, and the buckets already charged are refunded", async () => {
    const ipKey = `ip-${tag()}`;
    const base = limits();
    const racy: SpendLimitClient = client(
      (bucket) => (bucket.name === "ai-ip" ? { ...bucket, key: ipKey, rules: [{ max: 1, windowSeconds: 3_600 }] } : bucket),
      {
        ...base,
        // A concurrent create from the same address takes its last slot right after this create's peek.
        async charge(bucket) {
          if (bucket.key === ipKey) await base.charge(bucket);
          return base.charge(bucket);
        },
      },
    );
    const userId = `user_${tag()}`;
    const address = `${freshV4Net()}.1`;
    const refused = await checkSpendLimits(racy, { userId, clientAddress: address, source: "openai" });
    expect(refused.allowed === false && refused.message).toMatch(/från din uppkoppling/);
    for (const bucket of spendBuckets(limits().rule, { userId, clientAddress: address, source: "openai" }).filter((bucket) => bucket.name !== "ai-ip")) {
      expect(await base.peek(bucket), `${bucket.name} ${bucket.key}`).toMatchObject({ allowed: true });
    }
    const [account] = spendBuckets(limits().rule, { userId, clientAddress: address, source: "local" });
    expect(await base.peek(account!)).toMatchObject({ remaining: account!.rules[0]!.max - 1 });
  });

  it("a limiter that fails refunds what was charged and reports the failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const base = limits();
    const broken: SpendLimitClient = {
      ...base,
      charge: (bucket) => (bucket.name === "ai-net" ? Promise.reject(new Error("limiter down")) : base.charge(bucket)),
    };
    const userId = `user_${tag()}`;
    const address = `${freshV4Net()}.1`;
    await expect(checkSpendLimits(broken, { userId, clientAddress: address, source: "local" })).rejects.toThrow("limiter down");
    expect(await base.peek(spendBuckets(limits().rule, { userId, clientAddress: address, source: "local" })[0]!)).toMatchObject({ allowed: true });
  });
});

describe("a slot given back", () => {
  it("refunds the daily budget's slot by its ticket, once", async () => {
    const budget = `all-${tag()}`;
    const own = client((bucket) => (bucket.name === "ai-global" ? { ...bucket, key: budget, rules: [{ max: 1, windowSeconds: 86_400 }] } : bucket));
    const first = await checkSpendLimits(own, { userId: `user_${tag()}`, clientAddress: `${freshV4Net()}.1`, source: "openai" });
    expect(first).toMatchObject({ allowed: true, globalRefund: { name: "ai-global", key: "all", ticket: expect.any(String) } });
    if (!first.allowed || !first.globalRefund) return;
    expect(await checkSpendLimits(own, { userId: `user_${tag()}`, clientAddress: `${freshV4Net()}.1`, source: "openai" })).toMatchObject({ budgetSpent: true });
    expect(await refundSpend(own, first.globalRefund)).toBe(true);
    expect(await refundSpend(own, first.globalRefund)).toBe(false);
    expect(await checkSpendLimits(own, { userId: `user_${tag()}`, clientAddress: `${freshV4Net()}.1`, source: "openai" })).toMatchObject({
      budgetSpent: false,
    });
  });
});
