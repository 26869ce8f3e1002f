import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, inject, it, vi } from "vitest";
import { loader as detailLoader } from "#app/routes/recommendation";
import { action as createAction } from "#app/routes/recommendations-create";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { servicesFor } from "#app/server/services.server";
import { run, type Session, signIn } from "#test/setup/route-harness";

/**
 * An upstream that stops sending mid-answer, end to end through the CreationJob Durable Object:
 * a create still ends within a bounded number of per-call timeouts (7.5 of them: a minute at 8 s
 * per call), with the cars the model could not write written from their facts and said so on the
 * page, or (when even the ranking stalls) answered by the local engine with the reason saved, never
 * waiting for the 10-minute interrupt. The per-call timeout is the job's OPENAI_TIMEOUT_MS, set
 * short here so the suite does not sit through eight-second stalls; the bound scales with it.
 */

const fakeUrl = inject("fakeOpenAIUrl");
const TIMEOUT_MS = 3_000;
/** A minute at 8 s per call. */
const BUDGET_MS = 7.5 * TIMEOUT_MS;

const WISH = {
  description: "Familj med två barn och hund, vi kör 2 000 mil om året och vill ha dragkrok.",
  maxPrice: "300000",
  carType: "alla",
  sellerType: "alla",
};

type Recorded = { schemaName?: string; repair: boolean; status: number; sentChars?: number };
type Detail = {
  kind: string;
  failure?: string;
  message?: string;
  view?: { fallback?: string | null; cars: { kind: string; textsFromFacts?: boolean; whyItFits?: string }[] };
};

const stubFor = (id: string) => env.CREATION_JOB.get(env.CREATION_JOB.idFromName(id));

let owner: Session;
beforeEach(async () => {
  owner = await signIn(`stall-${crypto.randomUUID().slice(0, 8)}@example.se`);
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** A job started through the page, then run by its alarm with the OpenAI engine pointed at the fake. */
async function createAndRun(mode: string): Promise<{ id: string; key: string; elapsedMs: number }> {
  const response = await run(createAction, "/recommendations/create", { method: "POST", cookie: owner.cookie, fields: WISH });
  expect(response.status).toBe(302);
  const id = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
  const key = `${mode}-${crypto.randomUUID()}`;
  const stub = stubFor(id);
  // The job's own env, as production would configure it: a key, the fake as OpenAI, a per-call timeout.
  await runInDurableObject(stub, (instance) => {
    (instance as unknown as { env: Record<string, unknown> }).env = {
      ...env,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${fakeUrl}/v1`,
      OPENAI_MODEL: `${mode}/${key}`,
      OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
    };
  });
  const started = Date.now();
  expect(await runDurableObjectAlarm(stub)).toBe(true);
  return { id, key, elapsedMs: Date.now() - started };
}

async function recorded(key: string): Promise<Recorded[]> {
  return (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as Recorded[];
}

async function detail(id: string): Promise<Detail> {
  const response = await run(detailLoader, `/recommendations/${id}`, { cookie: owner.cookie, params: { id } });
  expect(response.status).toBe(200);
  return (await response.json()) as Detail;
}

describe("a create whose model calls stall mid-answer", () => {
  it(
    "every car's texts stalling: saved within 7.5 per-call timeouts, each text call one attempt and no repair, the page saying the texts come from the facts",
    { timeout: 90_000 },
    async () => {
      const { id, key, elapsedMs } = await createAndRun("stall-texts");
      expect(elapsedMs).toBeLessThan(BUDGET_MS);

      const calls = await recorded(key);
      const texts = calls.filter((call) => call.schemaName === "advice_car_texts");
      expect(texts.length).toBe(10);
      expect(texts.every((call) => (call.sentChars ?? 0) > 0)).toBe(true);
      expect(calls.filter((call) => call.repair)).toEqual([]);

      const saved = await getRecommendationForUser(owner.userId, id, servicesFor(env).db, servicesFor(env).results);
      expect(saved?.recommendation.source).toBe("openai");
      expect(saved?.recommendation.cars).toHaveLength(10);
      expect(saved?.recommendation.cars.every((car) => car.textsFromFacts === true)).toBe(true);
      const page = await detail(id);
      expect(page.kind).toBe("saved");
      expect(page.view?.cars[0]).toMatchObject({ kind: "full", textsFromFacts: true });
      console.log(`stall-texts through the job: saved after ${elapsedMs} ms (${calls.length} calls, 0 repairs, 10 cars from the facts)`);
    },
  );

  it(
    "the ranking itself stalling: the local engine answers after one call, within 7.5 per-call timeouts, and the page says why",
    { timeout: 90_000 },
    async () => {
      const { id, key, elapsedMs } = await createAndRun("stall");
      expect(elapsedMs).toBeLessThan(BUDGET_MS);
      expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
      // The shortlist once, never retried or repaired; the model's reading of the wish, sent beside
      // it, stalls too and leaves the parser's reading.
      const calls = await recorded(key);
      expect(calls.filter((call) => call.schemaName === "advice_shortlist")).toHaveLength(1);
      expect(calls.filter((call) => call.repair)).toEqual([]);
      expect(calls.map((call) => call.schemaName).sort()).toEqual(["advice_shortlist", "buyer_reading"]);

      const job = await env.DB.prepare("select status, failure from recommendation_jobs where id = ?").bind(id).first<{ status: string; failure: string }>();
      expect(job).toBeNull();
      const saved = await getRecommendationForUser(owner.userId, id, servicesFor(env).db, servicesFor(env).results);
      expect(saved?.recommendation).toMatchObject({ source: "local", fallback: { reason: "timeout" } });
      const page = await detail(id);
      expect(page).toMatchObject({ kind: "saved", view: { fallback: "timeout" } });
      console.log(`stall through the job: the local engine answered after ${elapsedMs} ms (1 shortlist call, 1 reading call)`);
    },
  );
});
