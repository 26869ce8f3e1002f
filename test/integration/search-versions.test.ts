import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as detailLoader } from "#app/routes/recommendation";
import { loader as listLoader } from "#app/routes/recommendations";
import { action as readingAction } from "#app/routes/recommendation-reading";
import { action as unlockAction } from "#app/routes/recommendation-unlock";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { eraseAccountData } from "#app/server/account/erase-account.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { CreationJobSpec } from "#app/server/recommendations/contracts.server";
import { createRateLimits, rateLimitRule } from "#app/server/rate-limit/rate-limit.server";
import { CreationJob } from "#app/server/recommendations/creation-job.server";
import type { Services } from "#app/server/services.server";
import { baseServices, createThroughJob, runAlarm } from "#test/setup/job-harness";
import { run, type Session, signIn } from "#test/setup/route-harness";

/**
 * "Ändra tolkningen" makes a new version of the same search: the buyer's corrections accumulate from
 * version to version, the list shows the search once with its versions inside, an unlock holds for
 * every version, and nothing of it reaches another buyer.
 */

const WISH = "Vi behöver sju säten och fyrhjulsdrift, dragkrok för husvagn. Gärna automat, ingen diesel.";
const FIELDS = { description: WISH, maxPrice: "400000", carType: "alla", sellerType: "alla" };

let specs: CreationJobSpec[];

/** The deployment's services, but a buyer may create as often as these tests need (each version is a create). */
function roomyServices(): Services {
  const services = baseServices();
  const roomy = new Set(["ai", "ai-ip", "ai-global"]);
  const rateLimits = createRateLimits(env.RATE_LIMITER, (name) => (roomy.has(name) ? { max: 1000, windowSeconds: 60 } : rateLimitRule(services.appEnv, name)));
  return { ...services, rateLimits };
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  specs = [];
  const start = CreationJob.prototype.start;
  vi.spyOn(CreationJob.prototype, "start").mockImplementation(async function (this: CreationJob, spec, first) {
    specs.push(spec);
    return start.call(this, spec, first);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function firstVersion(owner: Session): Promise<string> {
  const created = await createThroughJob(owner.userId, FIELDS, { start: roomyServices() });
  if (created.status !== "created") throw new Error(`expected a result, got ${created.status}`);
  return created.id;
}

/** Posts "Ändra tolkningen" of `id`; the new version's id, once its job has saved it. */
async function correct(owner: Session, id: string, fields: Record<string, string>): Promise<string> {
  const response = await run(readingAction, `/recommendations/${id}/tolkning`, {
    method: "POST",
    cookie: owner.cookie,
    params: { id },
    fields,
    services: roomyServices(),
  });
  expect(response.status, await response.clone().text()).toBe(302);
  const next = (response.headers.get("Location") ?? "").split("/").at(-1) ?? "";
  await runAlarm(owner.userId, next);
  return next;
}

type ListData = { items: { id: string; version: number; isLocked: boolean; versions: { id: string; version: number }[] }[] };

async function list(owner: Session): Promise<ListData> {
  const response = await run(listLoader, "/recommendations", { cookie: owner.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as ListData;
}

describe("versions of a search", () => {
  it("a second correction keeps the first: the corrections accumulate from version to version", async () => {
    const owner = await signIn("versioner-samlas@example.se");
    const first = await firstVersion(owner);
    const second = await correct(owner, first, { "andra.minSeats": "5", "ta-bort": "awd" });
    const third = await correct(owner, second, { "andra.minTowingKg": "1 200" });

    expect(specs.at(-1)?.corrections).toEqual({ minSeats: 5, awd: null, drive: null, minTowingKg: 1200 });
    const saved = await getRecommendationForUser(owner.userId, third, baseServices().db, baseServices().results);
    expect(saved?.requirements?.hard).toMatchObject({ minSeats: 5, awd: false, minTowingKg: 1200 });
    expect(saved).toMatchObject({ searchId: first, version: 3 });
  });

  it("the list shows the search once, its newest version on the card and the older ones inside, each still openable", async () => {
    const owner = await signIn("versioner-listan@example.se");
    const first = await firstVersion(owner);
    const second = await correct(owner, first, { "andra.minSeats": "5" });
    const other = await firstVersion(owner);

    const { items } = await list(owner);
    expect(items.map((item) => item.id)).toEqual([other, second]);
    expect(items[1]).toMatchObject({ version: 2, versions: [{ id: first, version: 1 }] });
    expect(items[0]?.versions).toEqual([]);
    expect(await getRecommendationForUser(owner.userId, first, baseServices().db, baseServices().results)).toMatchObject({ id: first, version: 1 });
  });

  it("the result page lists every version of its search, an older one included, each openable", async () => {
    const owner = await signIn("versioner-sidan@example.se");
    const first = await firstVersion(owner);
    const second = await correct(owner, first, { "andra.minSeats": "5" });
    for (const id of [first, second]) {
      const response = await run(detailLoader, `/recommendations/${id}`, { cookie: owner.cookie, params: { id } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { versions: { id: string; version: number }[] };
      expect(body.versions.map(({ id: version, version: number }) => [version, number])).toEqual([
        [second, 2],
        [first, 1],
      ]);
    }
    const lone = await firstVersion(owner);
    const response = await run(detailLoader, `/recommendations/${lone}`, { cookie: owner.cookie, params: { id: lone } });
    expect(((await response.json()) as { versions: unknown[] }).versions).toHaveLength(1);
  });

  it("an unlock carries over: a version of an unlocked search is unlocked, and unlocking a version unlocks its search", async () => {
    const owner = await signIn("versioner-upplast@example.se");
    const { db, results } = baseServices();
    const first = await firstVersion(owner);
    const unlock = await run(unlockAction, `/recommendations/${first}/unlock`, { method: "POST", cookie: owner.cookie, params: { id: first }, fields: {} });
    expect(unlock.status).toBe(302);
    const second = await correct(owner, first, { "andra.minSeats": "5" });
    expect((await getRecommendationForUser(owner.userId, second, db, results))?.isLocked).toBe(false);

    const locked = await firstVersion(owner);
    const newer = await correct(owner, locked, { "andra.minSeats": "6" });
    expect((await getRecommendationForUser(owner.userId, newer, db, results))?.isLocked).toBe(true);
    await run(unlockAction, `/recommendations/${newer}/unlock`, { method: "POST", cookie: owner.cookie, params: { id: newer }, fields: {} });
    expect((await getRecommendationForUser(owner.userId, locked, db, results))?.isLocked).toBe(false);
  });

  it("another buyer can neither correct a search nor see or unlock its versions", async () => {
    const owner = await signIn("versioner-agare@example.se");
    const stranger = await signIn("versioner-framling@example.se");
    const first = await firstVersion(owner);

    const foreign = await run(readingAction, `/recommendations/${first}/tolkning`, {
      method: "POST",
      cookie: stranger.cookie,
      params: { id: first },
      fields: { "andra.minSeats": "5" },
    });
    expect(foreign.status).toBe(404);
    const unlock = await run(unlockAction, `/recommendations/${first}/unlock`, { method: "POST", cookie: stranger.cookie, params: { id: first }, fields: {} });
    expect(unlock.status).toBe(404);
    expect((await getRecommendationForUser(owner.userId, first, baseServices().db, baseServices().results))?.isLocked).toBe(true);

    // A stranger's own create is a search of its own, never a version of the owner's.
    const theirs = await firstVersion(stranger);
    await correct(owner, first, { "andra.minSeats": "5" });
    expect((await list(stranger)).items.map((item) => item.id)).toEqual([theirs]);
    expect((await list(owner)).items).toHaveLength(1);
  });

  it("the export names each version's search, number and corrections, and erasing the account removes every version", async () => {
    const owner = await signIn("versioner-export@example.se");
    const first = await firstVersion(owner);
    const second = await correct(owner, first, { "andra.minSeats": "5" });

    const response = await run(exportLoader, "/recommendations/export", { cookie: owner.cookie });
    const body = (await response.json()) as { recommendations: { id: string; searchId: string; version: number; corrections: unknown }[] };
    expect(body.recommendations.map(({ id, searchId, version, corrections }) => ({ id, searchId, version, corrections }))).toEqual([
      { id: second, searchId: first, version: 2, corrections: { minSeats: 5 } },
      { id: first, searchId: first, version: 1, corrections: null },
    ]);

    expect((await eraseAccountData(owner.userId, baseServices())).recommendations).toBe(2);
    const left = await env.DB.prepare("select count(*) as n from recommendations where user_id = ?").bind(owner.userId).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
