import { env } from "cloudflare:workers";
import { unknownAvailabilityText } from "#app/lib/availability-text";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { createOpenAIAdviceEngine } from "#app/server/ai/openai-engine.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { createDatabase } from "#app/server/db/client.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { KvLike } from "#app/server/marketplace/marketplace-cache.server";
import { createMarketplace } from "#app/server/marketplace/marketplace.server";
import type { Services } from "#app/server/services.server";
import { baseServices, createThroughJob } from "#test/setup/job-harness";
import { createOutboundGuard } from "#test/setup/outbound-guard";
import { resultKeysOf } from "#test/setup/result-objects";

/**
 * Fault injection through the create as it ships: the start step, then the CreationJob's alarm,
 * with the REAL adapters in the job: the OpenAI engine against the fake OpenAI server and the
 * Blocket marketplace against the fake Blocket, plus failing KV and D1. Every fault must end in a
 * Swedish message on the page or an honest "unknown", never in a half-saved or lost recommendation.
 */

const openaiUrl = inject("fakeOpenAIUrl");
const blocketUrl = inject("fakeBlocketUrl");

const INPUT = {
  description: "Familj med två barn och hund, pendlar fem mil om dagen och vill ha något pålitligt för vintern.",
  maxPrice: "300 000",
  carType: "alla",
  sellerType: "alla",
};

/** Every outbound call goes through here; anything but the fakes fails the test. */
const outbound = createOutboundGuard([`${openaiUrl}/v1/`, `${blocketUrl}/__mode/`]);
const guardedFetch = outbound.fetch;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
});

function emptyKv(): KvLike {
  const store = new Map<string, string>();
  return { get: async (key) => store.get(key) ?? null, put: async (key, value) => void store.set(key, value) };
}

const throwingKv: KvLike = {
  get: async () => {
    throw new Error("KV GET failed: 503");
  },
  put: async () => {
    throw new Error("KV PUT failed: 503");
  },
};

/** D1 that refuses every statement, as during an outage. */
const failingD1 = new Proxy(env.DB, {
  get(target, property) {
    if (property === "prepare" || property === "batch" || property === "exec") {
      return () => {
        throw new Error("D1_ERROR: database is unavailable");
      };
    }
    return Reflect.get(target, property);
  },
});

type Faults = { ai?: string; blocket?: string; kv?: KvLike; d1Down?: boolean };

function servicesWith(faults: Faults): { start: Services; job: Services } {
  const key = crypto.randomUUID();
  const engine = createOpenAIAdviceEngine({
    apiKey: "sk-test",
    baseUrl: `${openaiUrl}/v1`,
    model: `${faults.ai ?? "ok"}/${key}`,
    // Only the slow fake is meant to time out: on a loaded machine 1,5 s let a malformed answer time out (and fall back) first.
    timeoutMs: faults.ai === "slow" ? 1_500 : 10_000,
    retryDelayMs: 20,
    maxRetryWaitMs: 2_000,
    fetch: guardedFetch,
  });
  const marketplace = createMarketplace(
    {
      source: "blocket",
      baseUrl: `${blocketUrl}/__mode/${faults.blocket ?? "ok"}/${key}`,
      allowLoopbackBaseUrl: true,
      timeoutMs: 400,
      retries: 1,
      // The production default: the job's lookups may queue behind model calls in its connection slots.
      totalBudgetMs: 4_000,
    },
    { fetch: guardedFetch, kv: faults.kv ?? env.CARS_CACHE, log: () => {} },
  );
  const start = { ...baseServices(), engine, advice: { assumptions: DEFAULT_COST_ASSUMPTIONS } };
  // D1 goes down after the job was recorded: the save, and marking the job failed, both fail.
  return { start, job: faults.d1Down ? { ...start, db: createDatabase(failingD1) } : { ...start, marketplace } };
}

/** Each create comes from its own address (the harness's default): the per-IP limit is not what these tests are about. */
const create = (userId: string, faults: Faults) => createThroughJob(userId, INPUT, servicesWith(faults));

async function rowsFor(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from recommendations where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

async function savedCars(userId: string, id: string) {
  const { db, results } = baseServices();
  const saved = await getRecommendationForUser(userId, id, db, results);
  expect(saved?.isLocked).toBe(true);
  return saved?.recommendation.cars ?? [];
}

describe("AI unavailable: the local engine answers, saved with the reason for the page's notice", () => {
  for (const [mode, reason] of [
    ["slow", "timeout"],
    ["rate-limited-long", "busy"],
    ["server-error", "unavailable"],
    ["quota", "quota"],
  ] as const) {
    it(`AI ${mode} → local advice (${reason}), saved once`, { timeout: 20_000 }, async () => {
      const userId = `fault_ai_${mode}`;
      const result = await create(userId, { ai: mode });
      expect(result.status).toBe("created");
      if (result.status !== "created") return;
      expect(await rowsFor(userId)).toBe(1);
      const { db, results } = baseServices();
      expect((await getRecommendationForUser(userId, result.id, db, results))?.recommendation).toMatchObject({ source: "local", fallback: { reason } });
    });
  }
});

describe("AI answers unusable: the job fails with a Swedish message and saves nothing", () => {
  for (const [mode, reason, message] of [
    ["malformed", "invalid-answer", /inte gick att använda/],
    ["malformed-body", "invalid-answer", /inte gick att använda/],
  ] as const) {
    it(`AI ${mode} → ${reason}, no row written`, async () => {
      const userId = `fault_ai_${mode}`;
      const result = await create(userId, { ai: mode });
      expect(result).toMatchObject({ status: "failed", failure: reason });
      if (result.status === "failed") expect(result.message).toMatch(message);
      expect(await rowsFor(userId)).toBe(0);
    });
  }

  it("one car's texts failing: the car is written from its facts, the rest by the model, saved once", async () => {
    const userId = "fault_ai_details_error";
    const result = await create(userId, { ai: "details-error" });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    expect(await rowsFor(userId)).toBe(1);
    expect((await savedCars(userId, result.id)).length).toBe(10);
  });

  it("a 429 that clears on retry still produces a saved recommendation", async () => {
    const userId = "fault_ai_429_once";
    const result = await create(userId, { ai: "rate-limited" });
    expect(result.status).toBe("created");
    expect(await rowsFor(userId)).toBe(1);
  });
});

describe("marketplace and cache faults: saved, with honest availability", () => {
  for (const mode of ["500", "slow", "malformed", "wrong-shape", "429-long"]) {
    it(`Blocket ${mode} → saved once, every car 'unknown' with 0 availability points`, async () => {
      const userId = `fault_blocket_${mode}`;
      // A cold cache: a warm one would (rightly) answer without asking Blocket.
      const result = await create(userId, { blocket: mode, kv: emptyKv() });
      expect(result.status).toBe("created");
      if (result.status !== "created") return;
      expect(await rowsFor(userId)).toBe(1);
      const cars = await savedCars(userId, result.id);
      expect(cars.length).toBeGreaterThan(0);
      for (const car of cars) {
        expect(car.availability.status).toBe("unknown");
        if (car.availability.status === "unknown") {
          // Saved as codes, no words: the Swedish sentence is chosen when the card is shown.
          expect(car.availability).not.toHaveProperty("message");
          expect(unknownAvailabilityText(car.availability)).toMatch(/Blocket|utbudet/);
          expect(car.availability.adsUrl).toMatch(/^https:\/\/www\.blocket\.se\/mobility\/search\/car\?/);
        }
        expect(car.score.availabilityScore).toBe(0);
      }
    });
  }

  it("Blocket down behind a warm cache: the cached counts are used", async () => {
    const kv = emptyKv();
    const warm = await create("fault_warm_1", { kv });
    expect(warm.status).toBe("created");
    const result = await create("fault_warm_2", { kv, blocket: "500" });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const cars = await savedCars("fault_warm_2", result.id);
    expect(cars.every((car) => car.availability.status === "known")).toBe(true);
  });

  it("KV failing on every read and write: the flow bypasses the cache and saves with real counts", async () => {
    const userId = "fault_kv_down";
    const result = await create(userId, { kv: throwingKv });
    expect(result.status).toBe("created");
    if (result.status !== "created") return;
    const cars = await savedCars(userId, result.id);
    expect(cars.every((car) => car.availability.status === "known")).toBe(true);
  });
});

describe("database fault", () => {
  it("D1 failing on save: a Swedish message, nothing half-saved, and the next try works", async () => {
    const userId = "fault_d1_down";
    const failed = await create(userId, { d1Down: true });
    expect(failed).toMatchObject({ status: "failed", failure: "save-failed" });
    if (failed.status === "failed") expect(failed.message).toMatch(/inget har sparats/);
    expect(await rowsFor(userId)).toBe(0);
    // The result went to R2 before the row failed; it is removed again, so nothing is half-saved.
    expect(await resultKeysOf(userId)).toEqual([]);
    // The next create, with D1 back, saves (another buyer: this one's create limit is spent).
    expect((await create(`${userId}_next`, {})).status).toBe("created");
    expect(await rowsFor(`${userId}_next`)).toBe(1);
  });
});
