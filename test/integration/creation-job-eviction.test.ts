import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as detailLoader } from "#app/routes/recommendation";
import { action as createAction } from "#app/routes/recommendations-create";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { resultKeysOf } from "#test/setup/result-objects";
import { run, SAME_ORIGIN, type Session, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * The runtime may evict a CreationJob between two events (an idle object, a deploy): what lives
 * only in memory (the first reading and its advice, the poll's interim view) is gone, storage is kept. A poll
 * and the resumed alarm on the fresh instance must finish the job from storage, and only once.
 */

const WISH = {
  description: "Familj med två barn och hund, vi kör 2 000 mil om året och vill ha dragkrok.",
  maxPrice: "300000",
  carType: "alla",
  sellerType: "alla",
};

const stubFor = (id: string) => env.CREATION_JOB.get(env.CREATION_JOB.idFromName(id));

type PendingCar = { rank: number; carName: string; textsReady: boolean };
type Detail = { kind: string; pending?: { cars: PendingCar[] | null } };

async function create(session: Session): Promise<string> {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.2`;
  const response = await run(createAction, "/recommendations/create", {
    method: "POST",
    cookie: session.cookie,
    fields: WISH,
    headers: { ...SAME_ORIGIN, "CF-Connecting-IP": address },
  });
  expect(response.status).toBe(302);
  return (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
}

async function detail(session: Session, id: string): Promise<Detail> {
  const response = await run(detailLoader, `/recommendations/${id}`, { cookie: session.cookie, params: { id } });
  expect(response.status).toBe(200);
  return (await response.json()) as Detail;
}

async function savedRows(id: string): Promise<{ recommendations: number; jobs: number }> {
  const count = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table} where id = ?`).bind(id).first<{ n: number }>())?.n ?? 0;
  return { recommendations: await count("recommendations"), jobs: await count("recommendation_jobs") };
}

/** What the instance holds in memory and nowhere else. */
type Memory = { first: unknown; interim: unknown; mark?: string };

let owner: Session;

beforeEach(async () => {
  await env.DB.exec("delete from recommendations; delete from recommendation_jobs;");
  const tag = crypto.randomUUID().slice(0, 8);
  owner = await signIn(`evict-${tag}@example.se`);
});

describe("a creation job whose instance is evicted mid-work", () => {
  it("a fresh instance on the same storage answers the poll and, resumed, saves the result exactly once", { timeout: 30_000 }, async () => {
    const id = await create(owner);
    const stub = stubFor(id);
    // Hold the work where a real job pauses between events: ranked, one car's texts written.
    await runInDurableObject(stub, (_instance, state) => state.storage.deleteAlarm());
    const referenceUser = await signIn(`evict-ref-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const reference = await create(referenceUser);
    expect(await runDurableObjectAlarm(stubFor(reference))).toBe(true);
    const cars = (await getRecommendationForUser(referenceUser.userId, reference, testDb, testResults))!.recommendation.cars;
    const first = cars[0]!;
    await runInDurableObject(stub, async (instance, state) => {
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
      (instance as unknown as Memory).mark = "before eviction";
    });
    const before = await detail(owner, id);
    expect(before.kind).toBe("pending");
    await runInDurableObject(stub, (instance) => {
      // The start and the poll left their work in memory: the eviction below must take it away.
      expect((instance as unknown as Memory).first).not.toBeNull();
      expect((instance as unknown as Memory).interim).not.toBeNull();
    });

    await evictDurableObject(stub);

    await runInDurableObject(stub, async (instance, state) => {
      const memory = instance as unknown as Memory;
      expect(memory.mark).toBeUndefined();
      expect(memory.first).toBeNull();
      expect(memory.interim).toBeNull();
      expect(await state.storage.get("ranked")).toHaveLength(cars.length);
    });

    // The poll on the fresh instance shows the same cars in the same order, the written text ready.
    const after = await detail(owner, id);
    expect(after.kind).toBe("pending");
    expect(after.pending?.cars).toEqual(before.pending?.cars);
    expect(after.pending?.cars?.[0]).toMatchObject({ rank: 1, textsReady: true });

    // Resumed on the fresh instance: one result row, one stored result, the job row gone.
    await runInDurableObject(stub, (_instance, state) => state.storage.setAlarm(Date.now()));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await savedRows(id)).toEqual({ recommendations: 1, jobs: 0 });
    const saved = (await getRecommendationForUser(owner.userId, id, testDb, testResults))!.recommendation.cars;
    expect(new Set(saved.map((car) => car.variantId))).toEqual(new Set(cars.map((car) => car.variantId)));
    expect(saved.find((car) => car.variantId === first.variantId)?.textsFromFacts).toBeFalsy();
    expect(await resultKeysOf(owner.userId)).toHaveLength(1);
    expect((await detail(owner, id)).kind).toBe("saved");

    // Evicted again after the end: the clean-up alarm only empties storage, never makes it twice.
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_instance, state) => expect((await state.storage.list()).size).toBe(0));
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    expect(await savedRows(id)).toEqual({ recommendations: 1, jobs: 0 });
    expect(await resultKeysOf(owner.userId)).toHaveLength(1);
  });
});
