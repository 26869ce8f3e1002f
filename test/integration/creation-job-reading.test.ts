import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { createOpenAIAdviceEngine } from "#app/server/ai/openai-engine.server";
import { createOpenAIReader } from "#app/server/ai/openai-reader.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { CreationJob } from "#app/server/recommendations/creation-job.server";
import type { Services } from "#app/server/services.server";
import { baseServices, createThroughJob } from "#test/setup/job-harness";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * The model's reading inside the create, through the CreationJob's alarm with the real OpenAI
 * adapters against the fake server: the shortlist starts on the parser's reading at once, the
 * reading is stored in the job, counted among its model calls, and the shortlist is redone only
 * when the merged hard requirements differ.
 */

const openaiUrl = inject("fakeOpenAIUrl");
const outbound = createOutboundGuard([`${openaiUrl}/v1/`]);

type RecordedRequest = { schemaName?: string; repair: boolean; status: number };

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
});

function jobServices(mode: string): { services: { start: Services; job: Services }; key: string } {
  const key = `${mode}-${crypto.randomUUID()}`;
  const config = {
    apiKey: "sk-test",
    baseUrl: `${openaiUrl}/v1`,
    model: `${mode}/${key}`,
    timeoutMs: 2_000,
    retryDelayMs: 20,
    fetch: outbound.fetch,
    log: () => {},
  };
  const start = { ...baseServices(), advice: { assumptions: DEFAULT_COST_ASSUMPTIONS } };
  return { key, services: { start, job: { ...start, engine: createOpenAIAdviceEngine(config), reader: createOpenAIReader(config) } } };
}

async function recorded(key: string): Promise<RecordedRequest[]> {
  return (await (await fetch(`${openaiUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as RecordedRequest[];
}

const count = (calls: RecordedRequest[], schema: string) => calls.filter((call) => call.schemaName === schema).length;

async function saved(userId: string, id: string) {
  const { db, results } = baseServices();
  const result = await getRecommendationForUser(userId, id, db, results);
  if (!result?.requirements) throw new Error("no saved requirements");
  return result;
}

const fields = (description: string) => ({ description, maxPrice: "400 000", carType: "alla", sellerType: "alla" });
const AGREEING = "Vi behöver sju säten och fyrhjulsdrift. Ska dra husvagn, dragvikt 1 800 kg. Gärna automat, ingen diesel.";
const HARD = "Måste vara automat och diesel, bara Volvo. Minst 150 hk.";

describe("the creation job with the model's reading", () => {
  it("readings agree: one reading call, one shortlist, the merged reading saved with quotes", async () => {
    const { services, key } = jobServices("read-agree");
    const outcome = await createThroughJob("reading_agree", fields(AGREEING), services);
    expect(outcome.status).toBe("created");
    if (outcome.status !== "created") return;
    const calls = await recorded(key);
    expect(count(calls, "buyer_reading")).toBe(1);
    expect(count(calls, "advice_shortlist")).toBe(1);
    expect(calls.length).toBeLessThanOrEqual(16);
    const { requirements, recommendation } = await saved("reading_agree", outcome.id);
    expect(requirements?.reading.model).toBe("used");
    expect(requirements?.reading.items.find((item) => item.field === "minSeats")).toMatchObject({ quote: "sju säten", source: "both", uncertain: false });
    expect(recommendation.cars.length).toBeGreaterThan(0);
  });

  it("readings disagree on hard requirements: the shortlist is redone on the merged reading, marked uncertain", async () => {
    const { services, key } = jobServices("read-disagree");
    const outcome = await createThroughJob("reading_disagree", fields(HARD), services);
    expect(outcome.status).toBe("created");
    if (outcome.status !== "created") return;
    const calls = await recorded(key);
    expect(count(calls, "buyer_reading")).toBe(1);
    expect(count(calls, "advice_shortlist")).toBe(2);
    // Every model call of the create, the reading included, stays under one ceiling.
    expect(calls.length).toBeLessThanOrEqual(16);
    const { requirements, recommendation } = await saved("reading_disagree", outcome.id);
    // "bara Volvo" the model read as no requirement; "Måste vara automat och diesel" stays a must whatever it says.
    expect(requirements?.hard).toMatchObject({ allowedFuels: ["diesel"], requiredMakes: [], gearbox: "automat" });
    expect(requirements?.preferredMakes).toEqual(["Volvo"]);
    expect(requirements?.reading.items.filter((item) => item.uncertain).map((item) => item.field)).toEqual(expect.arrayContaining(["requiredMakes"]));
    // The cars were chosen on the merged reading: not only Volvo diesels any more.
    expect(recommendation.cars.some((car) => car.carMake !== "Volvo")).toBe(true);
  });

  it("an empty reading is silence, not disagreement: 'måste vara elbil … absolut ingen Tesla' saves no Tesla and no other fuel", async () => {
    const { services } = jobServices("read-empty");
    const outcome = await createThroughJob("reading_empty", fields("Vi måste ha en elbil med plats för hunden, absolut ingen Tesla."), services);
    expect(outcome.status).toBe("created");
    if (outcome.status !== "created") return;
    const { requirements, recommendation } = await saved("reading_empty", outcome.id);
    expect(requirements?.reading.model).toBe("used");
    expect(requirements?.hard).toMatchObject({ allowedFuels: ["el"], excludedMakes: ["Tesla"] });
    expect(recommendation.cars.length).toBeGreaterThan(0);
    expect(recommendation.cars.filter((car) => car.carMake === "Tesla")).toEqual([]);
    expect(recommendation.cars.filter((car) => car.facts !== undefined && car.facts.fuel !== "el")).toEqual([]);
  });

  it("a reading that breaks its schema: the parser's reading, said plainly, and one shortlist", async () => {
    const { services, key } = jobServices("read-schema");
    const outcome = await createThroughJob("reading_schema", fields(HARD), services);
    expect(outcome.status).toBe("created");
    if (outcome.status !== "created") return;
    const calls = await recorded(key);
    expect(count(calls, "advice_shortlist")).toBe(1);
    const { requirements } = await saved("reading_schema", outcome.id);
    expect(requirements?.reading).toMatchObject({ model: "failed", failure: "schema" });
    expect(requirements?.hard).toMatchObject({ allowedFuels: ["diesel"], requiredMakes: ["Volvo"] });
  });

  it("a restart after the reading was paid for never pays for it again", async () => {
    const { services, key } = jobServices("read-agree");
    // The previous run sent the reading and was cut off before its answer was stored.
    const start = CreationJob.prototype.start;
    const marked = vi.spyOn(CreationJob.prototype, "start").mockImplementation(async function (this: CreationJob, ...args: Parameters<CreationJob["start"]>) {
      await (this as unknown as { ctx: DurableObjectState }).ctx.storage.put("readingStarted", true);
      return start.apply(this, args);
    });
    try {
      const outcome = await createThroughJob("reading_restart", fields(AGREEING), services);
      expect(outcome.status).toBe("created");
      if (outcome.status !== "created") return;
      expect(count(await recorded(key), "buyer_reading")).toBe(0);
      const { requirements } = await saved("reading_restart", outcome.id);
      expect(requirements?.reading).toMatchObject({ model: "failed", failure: "unavailable" });
    } finally {
      marked.mockRestore();
    }
  });
});
