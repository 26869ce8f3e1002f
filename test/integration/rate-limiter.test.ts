import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limitMessage } from "#app/lib/failure-copy";
import { createRateLimits, type RateLimitName, type RateLimitRule, rateLimitRule } from "#app/server/rate-limit/rate-limit.server";
import { servicesFor } from "#app/server/services.server";

/** One hit through the app's client, with the rule the test names. */
const checkRateLimit = (name: RateLimitName, key: string, rule: RateLimitRule, cost?: number) =>
  createRateLimits(env.RATE_LIMITER, () => rule).hit(name, key, cost);
const rateLimiterFor = (name: RateLimitName, key: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${name}:${key}`));

afterEach(() => {
  vi.useRealTimers();
});

describe("rate limiter Durable Object", () => {
  it("admits exactly 1 of 50 simultaneous attempts against a limit of 1", async () => {
    const decisions = await Promise.all(Array.from({ length: 50 }, () => checkRateLimit("ai", "user_burst", { max: 1, windowSeconds: 60 })));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(1);
    for (const refused of decisions.filter((decision) => !decision.allowed)) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("admits exactly N of many simultaneous attempts against a limit of N", async () => {
    const decisions = await Promise.all(Array.from({ length: 100 }, () => checkRateLimit("marketplace", "user_many", { max: 60, windowSeconds: 60 })));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(60);
  });

  it("admits a batch only when all of it fits, and says when it will", async () => {
    const rule = { max: 60, windowSeconds: 60 };
    for (let create = 0; create < 6; create++) {
      expect((await checkRateLimit("marketplace", "user_batches", rule, 10)).allowed).toBe(true);
    }
    const refused = await checkRateLimit("marketplace", "user_batches", rule, 10);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    // A batch that can never fit is refused outright rather than waiting forever.
    expect((await checkRateLimit("marketplace", "user_big", { max: 5, windowSeconds: 60 }, 10)).allowed).toBe(false);
    await expect(checkRateLimit("marketplace", "user_batches", rule, 0)).rejects.toThrow(RangeError);
  });

  it("keeps users and limit names apart", async () => {
    expect((await checkRateLimit("ai", "user_a", { max: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await checkRateLimit("ai", "user_b", { max: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await checkRateLimit("marketplace", "user_a", { max: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await checkRateLimit("ai", "user_a", { max: 1, windowSeconds: 60 })).allowed).toBe(false);
  });

  it("admits again once the window has passed and reports the wait until then", async () => {
    const stub = rateLimiterFor("ai", "user_window");
    const start = Date.now();
    await runInDurableObject(stub, (instance) => {
      vi.useFakeTimers({ now: start, toFake: ["Date"] });
      expect(instance.hit(2, 10).allowed).toBe(true);
      vi.setSystemTime(start + 4_000);
      expect(instance.hit(2, 10)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
      vi.setSystemTime(start + 5_000);
      // The first event leaves the window at start + 10 s: 5 s from now.
      expect(instance.hit(2, 10)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 5 });
      vi.setSystemTime(start + 10_001);
      expect(instance.hit(2, 10).allowed).toBe(true);
      expect(instance.hit(2, 10).allowed).toBe(false);
      vi.useRealTimers();
    });
  });

  it("frees its storage when the alarm fires after the window", async () => {
    const stub = rateLimiterFor("ai", "user_alarm");
    expect((await stub.hit(1, 60)).allowed).toBe(true);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, (_instance, state) => {
      expect(state.storage.sql.exec("select count(*) as n from events").one().n).toBe(0);
    });
    expect((await stub.hit(1, 60)).allowed).toBe(true);
  });

  it("rejects nonsensical limits", async () => {
    await expect(checkRateLimit("ai", "user_bad", { max: 0, windowSeconds: 60 })).rejects.toThrow(RangeError);
    await expect(checkRateLimit("ai", "user_bad", { max: 1, windowSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(checkRateLimit("ai", "user_bad", { max: 1.5, windowSeconds: 60 })).rejects.toThrow(RangeError);
  });

  it("reads both limits from configuration with the product's defaults", () => {
    expect(rateLimitRule(servicesFor(env).appEnv, "ai")).toEqual({ max: Number(env.AI_RATE_LIMIT_MAX), windowSeconds: 60 });
    expect(rateLimitRule(servicesFor(env).appEnv, "marketplace")).toEqual({ max: 60, windowSeconds: 60 });
    expect(limitMessage("ai", 42)).toBe("Du har nyss bett om nya bilförslag. Vänta 42 sekunder innan du försöker igen.");
    expect(limitMessage("ai-ip", 1_500)).toBe("Många bilförslag har beställts från din uppkoppling på kort tid. Vänta 25 minuter innan du försöker igen.");
    expect(limitMessage("ai-ip-daily", 7_300)).toBe("Många bilförslag har beställts från din uppkoppling det senaste dygnet. Försök igen om 3 timmar.");
  });
});
