import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { action as readingAction } from "#app/routes/recommendation-reading";
import { readRequirements } from "#app/server/advice/advise.server";
import { createOpenAIAdviceEngine } from "#app/server/ai/openai-engine.server";
import { createOpenAIReader } from "#app/server/ai/openai-reader.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { createRecommendationForUser, getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { CreationJobSpec } from "#app/server/recommendations/contracts.server";
import { CreationJob } from "#app/server/recommendations/creation-job.server";
import { buildResult } from "#test/fixtures/recommendations";
import { baseServices, runAlarm } from "#test/setup/job-harness";
import { createOutboundGuard } from "#test/setup/outbound-guard";
import { run, signIn } from "#test/setup/route-harness";

/**
 * "Ändra tolkningen" end to end in workerd: the page's post starts a new create whose job spec
 * carries the corrections, and the model's reading (the fake OpenAI reader, which reads seven seats
 * and four-wheel drive in this wish) does not override them in the saved result.
 */

const openaiUrl = inject("fakeOpenAIUrl");
const outbound = createOutboundGuard([`${openaiUrl}/v1/`]);
const WISH = "Vi behöver sju säten och fyrhjulsdrift. Ska dra husvagn, dragvikt 1 800 kg. Gärna automat, ingen diesel.";
const input = { description: WISH, maxPrice: 400_000, carType: "alla" as const, sellerType: "alla" as const };

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(outbound.takeUnexpected()).toEqual([]);
});

describe("correcting a saved reading", () => {
  it("the corrections reach the job spec and stay final over the model's reading", async () => {
    const key = `read-agree-${crypto.randomUUID()}`;
    const config = {
      apiKey: "sk-test",
      baseUrl: `${openaiUrl}/v1`,
      model: `read-agree/${key}`,
      timeoutMs: 2_000,
      retryDelayMs: 20,
      fetch: outbound.fetch,
      log: () => {},
    };
    const jobServices = {
      ...baseServices(),
      advice: { assumptions: DEFAULT_COST_ASSUMPTIONS },
      engine: createOpenAIAdviceEngine(config),
      reader: createOpenAIReader(config),
    };
    vi.spyOn(CreationJob.prototype, "services").mockReturnValue(jobServices);
    const specs: CreationJobSpec[] = [];
    const start = CreationJob.prototype.start;
    vi.spyOn(CreationJob.prototype, "start").mockImplementation(async function (this: CreationJob, spec, prepared) {
      specs.push(spec);
      return start.call(this, spec, prepared);
    });

    const owner = await signIn("tolkning-jobb@example.se");
    const { db, results } = baseServices();
    const requirements = readRequirements(input, { assumptions: DEFAULT_COST_ASSUMPTIONS });
    expect(requirements.hard).toMatchObject({ minSeats: 7, awd: true });
    const { id } = await createRecommendationForUser(owner.userId, { input, requirements, recommendation: buildResult(3) }, db, results);

    const response = await run(readingAction, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: owner.cookie,
      params: { id },
      fields: { "andra.minSeats": "5", "ta-bort": "awd", "andra.minTowingKg": "1 800" },
    });
    expect(response.status).toBe(302);
    const newId = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
    expect(newId).not.toBe(id);
    // Only what changed is a correction; the unchanged towing weight stays the readers'.
    expect(specs.map((spec) => spec.corrections)).toEqual([{ minSeats: 5, awd: null, drive: null }]);

    await runAlarm(owner.userId, newId);
    const saved = await getRecommendationForUser(owner.userId, newId, db, results);
    const calls = (await (await fetch(`${openaiUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as { schemaName?: string }[];
    // The model did read the wish (seven seats, four-wheel drive) ...
    expect(calls.filter((call) => call.schemaName === "buyer_reading")).toHaveLength(1);
    // ... and the buyer's word is what the result stands on.
    expect(saved?.requirements?.reading.model).toBe("used");
    expect(saved?.requirements?.hard).toMatchObject({ minSeats: 5, awd: false, minTowingKg: 1800 });
    expect(saved?.requirements?.reading.items.find((item) => item.field === "minSeats")).toMatchObject({ source: "buyer", quote: null, uncertain: false });
    expect(saved?.requirements?.reading.items.some((item) => item.field === "awd")).toBe(false);
    expect(saved?.input.description).toBe(WISH);
  });
});
