import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { action as listAction, loader as listLoader } from "#app/routes/recommendations";
import * as authedLayout from "#app/routes/authed";
import * as detailRoute from "#app/routes/recommendation";
import { action as createAction } from "#app/routes/recommendations-create";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { CreationJob, MAX_JOB_ATTEMPTS } from "#app/server/recommendations/creation-job.server";
import { eraseAccountData } from "#app/server/account/erase-account.server";
import { createDatabase } from "#app/server/db/client.server";
import { POLL_RULE } from "#app/server/rate-limit/rate-limit.server";
import { servicesFor } from "#app/server/services.server";
import { createR2ResultStore } from "#app/server/results/r2-result-store.server";
import type { ResultStore } from "#app/server/results/result-store.server";
import { buildInput } from "#test/fixtures/recommendations";
import { routeRequestHandler } from "#test/setup/react-router-handler";
import { resultKeysOf } from "#test/setup/result-objects";
import { ORIGIN, run, SAME_ORIGIN, type Session, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * The durable create (docs/decisions/008): the action answers at once with a redirect to the id
 * the result will have; the CreationJob's alarm does the work; until it is saved the page shows
 * progress, for its owner only; a failure is marked, never saved; a restart resumes.
 */

const WISH = {
  description: "Familj med två barn och hund, vi kör 2 000 mil om året och vill ha dragkrok.",
  maxPrice: "300000",
  carType: "alla",
  sellerType: "alla",
};

const stubFor = (id: string) => env.CREATION_JOB.get(env.CREATION_JOB.idFromName(id));

async function rows(id: string) {
  const saved = await env.DB.prepare("select is_locked from recommendations where id = ?").bind(id).first<{ is_locked: number }>();
  const job = await env.DB.prepare("select status, failure from recommendation_jobs where id = ?").bind(id).first<{ status: string; failure: string | null }>();
  return { saved, job };
}

async function create(session: Session): Promise<string> {
  // Each create from its own network: the per-address limits are spend-limits.test.ts's.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;
  const response = await run(createAction, "/recommendations/create", {
    method: "POST",
    cookie: session.cookie,
    fields: WISH,
    headers: { ...SAME_ORIGIN, "CF-Connecting-IP": address },
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/recommendations\/[A-Za-z0-9_-]{22}$/);
  return location.split("/").at(-1) ?? "";
}

type Detail = { kind: string; pending?: { cars: { rank: number; whyItFits: string | null }[] | null }; view?: { cars: { kind: string }[]; isLocked: boolean } };

async function detail(session: Session, id: string): Promise<{ status: number; body: Detail }> {
  const response = await run(detailRoute.loader, `/recommendations/${id}`, { cookie: session.cookie, params: { id } });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Detail) : ({} as Detail) };
}

let owner: Session;
let stranger: Session;

beforeEach(async () => {
  await env.DB.exec("delete from recommendations; delete from recommendation_jobs;");
  // Each test its own users: the create limit is one a minute per user.
  const tag = crypto.randomUUID().slice(0, 8);
  owner = await signIn(`jobb-${tag}@example.se`);
  stranger = await signIn(`annan-${tag}@example.se`);
});

describe("a recommendation made durably", () => {
  it("answers with a redirect before any work, shows progress to its owner only, and saves the complete result locked", async () => {
    const id = await create(owner);
    const before = await rows(id);
    // Started, not saved: a job row, no result.
    expect(before).toEqual({ saved: null, job: { status: "running", failure: null } });

    const pending = await detail(owner, id);
    expect(pending.status).toBe(200);
    expect(pending.body.kind).toBe("pending");
    expect((await detail(stranger, id)).status).toBe(404);
    // The object itself tells a stranger nothing either.
    expect(await stubFor(id).progress(stranger.userId)).toBeNull();

    const list = (await (await run(listLoader, "/recommendations", { cookie: owner.cookie })).json()) as { jobs: { id: string; failed: boolean }[] };
    expect(list.jobs).toEqual([expect.objectContaining({ id, failed: false })]);

    expect(await runDurableObjectAlarm(stubFor(id))).toBe(true);
    const after = await rows(id);
    expect(after).toEqual({ saved: { is_locked: 1 }, job: null });

    const done = await detail(owner, id);
    expect(done.body.kind).toBe("saved");
    expect(done.body.view?.isLocked).toBe(true);
    expect(done.body.view?.cars.map((car) => car.kind)).toEqual(["full", ...Array(done.body.view!.cars.length - 1).fill("teaser")]);
    expect((await detail(stranger, id)).status).toBe(404);

    const listAfter = (await (await run(listLoader, "/recommendations", { cookie: owner.cookie })).json()) as { jobs: unknown[]; items: { id: string }[] };
    expect(listAfter.jobs).toEqual([]);
    expect(listAfter.items.map((item) => item.id)).toEqual([id]);
  });

  it("keeps the ranked list and the texts as they arrive, and shows only what a locked result may show", async () => {
    const id = await create(owner);
    const stub = stubFor(id);
    // Hold the work: the test plays the engine's part by writing what onRanked/onCar would.
    await runInDurableObject(stub, (_instance, state) => state.storage.deleteAlarm());
    // A real ranking: run the alarm on a second job, read the saved order, replay it here.
    const referenceUser = await signIn(`ref-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const reference = await create(referenceUser);
    await runDurableObjectAlarm(stubFor(reference));
    const cars = (await getRecommendationForUser(referenceUser.userId, reference, testDb, testResults))!.recommendation.cars.map((car) => ({
      ...car,
      variantId: car.variantId ?? "",
    }));
    const first = cars[0]!;
    await runInDurableObject(stub, async (_instance, state) => {
      await state.storage.put(
        "ranked",
        cars.map((car) => ({ variantId: car.variantId, overall: car.ratings.overall, tagline: car.carTagline })),
      );
      await state.storage.put(`texts:${first.variantId}`, {
        tagline: first.carTagline,
        whyItFits: first.whyItFits,
        deepDive: "",
        commonFlaws: "",
        pros: [],
        cons: [],
      });
    });

    const interim = await detail(owner, id);
    expect(interim.body.kind).toBe("pending");
    const shown = interim.body.pending?.cars ?? [];
    expect(shown).toHaveLength(cars.length);
    expect(shown[0]).toMatchObject({ rank: 1, textsReady: true, availabilityReady: false });
    // No car's analysis while pending, not even the first's: the saved result may end up with
    // another car first, and that text would then be a locked teaser's.
    for (const car of shown) expect(car).not.toHaveProperty("whyItFits");
    for (const car of shown.slice(1)) expect(car).toMatchObject({ textsReady: false });
    const json = JSON.stringify(interim.body);
    expect(json).not.toContain(first.whyItFits);
    expect(json).not.toContain("deepDive");
    expect(json).not.toContain("ownershipCost");

    // Every car's availability known: ranked by the final score as the saved result will be,
    // with the final score beside each rank (the last car, with plenty of ads, moves up).
    await runInDurableObject(stub, async (_instance, state) => {
      for (const [index, car] of cars.entries()) {
        await state.storage.put(`availability:${car.variantId}`, {
          status: "known",
          adCount: index === cars.length - 1 ? 12 : 0,
          countIsEstimate: false,
          source: "demo",
          adsUrl: "https://www.blocket.se/mobility/search/car",
          marketWindow: null,
          ads: [],
        });
      }
    });
    const ranked = (await detail(owner, id)).body.pending?.cars as unknown as { rank: number; carName: string; score: number; scoreIsFinal: boolean }[];
    expect(ranked.map((car) => car.rank)).toEqual(cars.map((_, index) => index + 1));
    expect(ranked.every((car) => car.scoreIsFinal)).toBe(true);
    for (let index = 1; index < ranked.length; index++) expect(ranked[index - 1]!.score).toBeGreaterThanOrEqual(ranked[index]!.score);
    expect(ranked.findIndex((car) => car.carName === cars.at(-1)!.carName)).toBeLessThan(cars.length - 1);

    // Resume (as after a restart): the stored ranking is kept, nothing is asked again, the result is saved.
    await runInDurableObject(stub, (_instance, state) => state.storage.setAlarm(Date.now()));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const savedCars = (await getRecommendationForUser(owner.userId, id, testDb, testResults))!.recommendation.cars;
    expect(new Set(savedCars.map((car) => car.variantId))).toEqual(new Set(cars.map((car) => car.variantId)));
    // Texts lost to the restart were written from the facts, and the page is told so; the stored ones were not.
    expect(
      savedCars
        .filter((car) => car.textsFromFacts)
        .map((car) => car.variantId)
        .sort(),
    ).toEqual(
      cars
        .slice(1)
        .map((car) => car.variantId)
        .sort(),
    );
  });

  it("marks a job that keeps being interrupted as failed, saves nothing, and lets its owner remove it", async () => {
    const id = await create(owner);
    const stub = stubFor(id);
    await runInDurableObject(stub, async (_instance, state) => {
      const spec = (await state.storage.get("spec")) as Record<string, unknown>;
      await state.storage.put("spec", { ...spec, attempts: MAX_JOB_ATTEMPTS });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await rows(id)).toEqual({ saved: null, job: { status: "failed", failure: "interrupted" } });

    const page = await detail(owner, id);
    expect(page.body.kind).toBe("failed");
    expect(JSON.stringify(page.body)).toContain("avbröts");

    const list = (await (await run(listLoader, "/recommendations", { cookie: owner.cookie })).json()) as { jobs: { failed: boolean }[]; items: unknown[] };
    expect(list.jobs).toEqual([expect.objectContaining({ failed: true })]);
    expect(list.items).toEqual([]);

    // A stranger cannot remove it; the owner can.
    const foreign = await run(listAction, "/recommendations", { method: "POST", cookie: stranger.cookie, fields: { intent: "delete", id } });
    expect(foreign.status).toBe(404);
    const removed = await run(listAction, "/recommendations", { method: "POST", cookie: owner.cookie, fields: { intent: "delete", id } });
    expect(removed.status).toBe(302);
    expect(await rows(id)).toEqual({ saved: null, job: null });
  });

  it("drops the result when the job was removed while it worked: nothing in D1 or in R2", async () => {
    const id = await create(owner);
    await env.DB.prepare("delete from recommendation_jobs where id = ?").bind(id).run();
    expect(await runDurableObjectAlarm(stubFor(id))).toBe(true);
    expect(await rows(id)).toEqual({ saved: null, job: null });
    expect(await resultKeysOf(owner.userId)).toEqual([]);
  });

  it("a job that finishes while the account is being deleted, and cannot be stopped, leaves nothing in D1 or R2", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = await create(owner);
    const real = createR2ResultStore(env.RESULTS);
    // The job runs to its end between the deletion's steps (after the rows, during the R2 sweep).
    const racing: ResultStore = {
      ...real,
      async deleteAllForUser(userId) {
        const swept = await real.deleteAllForUser(userId);
        await runDurableObjectAlarm(stubFor(id));
        return swept;
      },
    };
    const unreachable = { ...servicesFor(env).creationJobs, cancel: () => Promise.reject(new Error("object unreachable")) };
    await eraseAccountData(owner.userId, { db: createDatabase(env.DB), results: racing, creationJobs: unreachable });
    expect(await rows(id)).toEqual({ saved: null, job: null });
    expect(await resultKeysOf(owner.userId)).toEqual([]);
  });

  it("removing a running job from the list stops it: its alarm and storage go, nothing is saved later", async () => {
    const id = await create(owner);
    const removed = await run(listAction, "/recommendations", { method: "POST", cookie: owner.cookie, fields: { intent: "delete", id } });
    expect(removed.status).toBe(302);
    expect(await runDurableObjectAlarm(stubFor(id))).toBe(false);
    await runInDurableObject(stubFor(id), async (_instance, state) => expect((await state.storage.list()).size).toBe(0));
    expect(await rows(id)).toEqual({ saved: null, job: null });
    expect(await resultKeysOf(owner.userId)).toEqual([]);
  });

  it("deleting the account stops its running jobs", async () => {
    const id = await create(owner);
    await eraseAccountData(owner.userId, servicesFor(env));
    expect(await runDurableObjectAlarm(stubFor(id))).toBe(false);
    expect(await rows(id)).toEqual({ saved: null, job: null });
  });

  it("a restart after a model call but before the ranking was stored does not ask the model again", async () => {
    const id = await create(owner);
    const stub = stubFor(id);
    // The first attempt sent its shortlist call (the mark is written before the call) and was then cut off.
    await runInDurableObject(stub, (_instance, state) => state.storage.put("spent", true));
    const advise = vi.fn();
    const model = vi.spyOn(CreationJob.prototype, "services").mockReturnValue({ ...servicesFor(env), engine: { source: "openai", advise }, reader: null });
    try {
      expect(await runDurableObjectAlarm(stub)).toBe(true);
    } finally {
      model.mockRestore();
    }
    expect(await rows(id)).toEqual({ saved: null, job: { status: "failed", failure: "interrupted" } });
    expect(advise).not.toHaveBeenCalled();
  });

  describe("the daily budget's slot", () => {
    async function withCharge(id: string, prepare: (state: DurableObjectState) => Promise<void>) {
      const budget = { name: "ai-global" as const, key: `all-${crypto.randomUUID()}`, rules: [{ max: 1, windowSeconds: 86_400 }] };
      const charged = await servicesFor(env).rateLimits.charge(budget);
      await runInDurableObject(stubFor(id), async (_instance, state) => {
        const spec = (await state.storage.get("spec")) as Record<string, unknown>;
        await state.storage.put("spec", { ...spec, attempts: MAX_JOB_ATTEMPTS, globalRefund: { name: budget.name, key: budget.key, ticket: charged.ticket } });
        await prepare(state);
      });
      return () => servicesFor(env).rateLimits.peek(budget);
    }

    it("is given back when the job fails before its first model call", async () => {
      const id = await create(owner);
      const budgetNow = await withCharge(id, async () => undefined);
      expect((await budgetNow()).allowed).toBe(false);
      expect(await runDurableObjectAlarm(stubFor(id))).toBe(true);
      expect(await rows(id)).toEqual({ saved: null, job: { status: "failed", failure: "interrupted" } });
      expect((await budgetNow()).allowed).toBe(true);
    });

    it("is kept when a model call was made or the ranking arrived", async () => {
      for (const prepare of [(state: DurableObjectState) => state.storage.put("spent", true), (state: DurableObjectState) => state.storage.put("ranked", [])]) {
        const id = await create(await signIn(`slot-${crypto.randomUUID().slice(0, 8)}@example.se`));
        const budgetNow = await withCharge(id, prepare);
        expect(await runDurableObjectAlarm(stubFor(id))).toBe(true);
        expect((await budgetNow()).allowed).toBe(false);
      }
    });

    it("is given back when the job is removed before its first model call", async () => {
      const id = await create(owner);
      const budgetNow = await withCharge(id, async () => undefined);
      await run(listAction, "/recommendations", { method: "POST", cookie: owner.cookie, fields: { intent: "delete", id } });
      expect((await budgetNow()).allowed).toBe(true);
    });
  });

  it("throttles polls per user: past the limit a 429 with the wait in Swedish, before any read; others are unaffected", async () => {
    const id = await create(owner);
    expect((await detail(owner, id)).status).toBe(200);
    // The rest of the minute's polls at once (one was just used).
    expect((await servicesFor(env).rateLimits.hit("poll", owner.userId, POLL_RULE.max - 1)).allowed).toBe(true);
    const throttled = await run(detailRoute.loader, `/recommendations/${id}`, { cookie: owner.cookie, params: { id } });
    expect(throttled.status).toBe(429);
    const body = (await throttled.json()) as { message: string; retryAfterSeconds: number };
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.message).toMatch(/^Sidan har lästs in väldigt många gånger på kort tid\. Vänta \d+ sekunder/);
    // What React Router sends (the harness above drops headers): the page and its `.data` poll carry the wait.
    const handle = routeRequestHandler(
      { id: "routes/authed", path: "", module: authedLayout },
      { id: "routes/recommendation", path: "recommendations/:id", module: detailRoute },
    );
    for (const path of [`/recommendations/${id}`, `/recommendations/${id}.data`]) {
      const sent = await handle(new Request(`${ORIGIN}${path}`, { headers: { Cookie: owner.cookie } }));
      expect(sent.status, path).toBe(429);
      expect(Number(sent.headers.get("Retry-After")), path).toBeGreaterThan(0);
      expect(Number(sent.headers.get("Retry-After")), path).toBeLessThanOrEqual(POLL_RULE.windowSeconds);
    }
    expect((await detail(stranger, id)).status).toBe(404);
  });

  it("reports a job row that stays running past its time as interrupted", async () => {
    const id = "stale_job_000000000000";
    await env.DB.prepare("insert into recommendation_jobs (id, user_id, created_at, input) values (?, ?, ?, ?)")
      .bind(id, owner.userId, Date.now() - 11 * 60 * 1000, JSON.stringify(buildInput()))
      .run();
    const page = await detail(owner, id);
    expect(page.body.kind).toBe("failed");
  });
});
