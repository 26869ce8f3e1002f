import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action as listAction, loader as listLoader } from "#app/routes/recommendations";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { action as unlockAction, loader as unlockLoader } from "#app/routes/recommendation-unlock";
import { createRecommendationForUser, getRecommendationForUser, newRecommendationId } from "#app/server/db/recommendations.server";
import type { RecommendationResult } from "#app/lib/saved-recommendation";
import { buildCar, buildInput, buildResult } from "#test/fixtures/recommendations";
import { run, type Session, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";

/** A POST the way React Router runs it: root middleware (CSRF, auth) first, then the action. */
function post(
  action: (args: never) => unknown,
  path: string,
  options: { cookie?: string; fields?: Record<string, string>; params?: Record<string, string>; headers?: Record<string, string> },
): Promise<Response> {
  return run(action, path, { method: "POST", fields: {}, ...options });
}

function get(loader: (args: never) => unknown, path: string, cookie?: string, params: Record<string, string> = {}): Promise<Response> {
  return run(loader, path, { cookie, params });
}

/** Inserts a row with a chosen creation time, so "newest first" is exact. */
async function insertAt(userId: string, createdAt: number, result: RecommendationResult = buildResult(3), isLocked = true): Promise<string> {
  const id = newRecommendationId();
  await env.DB.prepare("insert into recommendations (id, user_id, created_at, is_locked, input, recommendation) values (?, ?, ?, ?, ?, ?)")
    .bind(id, userId, createdAt, isLocked ? 1 : 0, JSON.stringify(buildInput({ maxPrice: 100_000 + (createdAt % 1000) })), JSON.stringify(result))
    .run();
  return id;
}

type ListData = {
  items: { id: string; topCarName: string | null; isLocked: boolean; descriptionStart: string; carCount: number }[];
  nextCursor: string | null;
  isFirstPage: boolean;
  deleted: boolean;
};

async function listPage(session: Session, query = ""): Promise<ListData> {
  const response = await get(listLoader, `/recommendations${query}`, session.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as ListData;
}

let alice: Session;
let bob: Session;

beforeAll(async () => {
  alice = await signIn("alice@example.se");
  bob = await signIn("bob@example.se");
});

describe("the recommendations list", () => {
  it("shows only the owner's recommendations, newest first, paginated past 20", async () => {
    const owner = await signIn("lista@example.se");
    const base = 1_800_000_000_000;
    const ids: string[] = [];
    for (let index = 0; index < 23; index++) ids.push(await insertAt(owner.userId, base + index * 1000));
    await insertAt(bob.userId, base + 500_000);

    const first = await listPage(owner);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(3).reverse());
    expect(first.isFirstPage).toBe(true);
    expect(first.nextCursor).not.toBeNull();

    const second = await listPage(owner, `?cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.nextCursor).toBeNull();
    expect(second.isFirstPage).toBe(false);
  });

  it("shows the top car's name and a short description, and nothing of the analysis", async () => {
    const owner = await signIn("sammanfattning@example.se");
    await createRecommendationForUser(
      owner.userId,
      {
        input: buildInput({ description: `${"Lång beskrivning av en familjebil med dragkrok ".repeat(6)}SLUTET` }),
        recommendation: { source: "local", cars: [buildCar(1, { carName: "Skoda Octavia Kombi" }), buildCar(2, { deepDiveAnalysis: "HEMLIG analys" })] },
      },
      testDb,
      testResults,
    );
    const [item] = (await listPage(owner)).items;
    expect(item?.topCarName).toBe("Skoda Octavia Kombi");
    expect(item?.carCount).toBe(2);
    expect(item?.isLocked).toBe(true);
    expect(item?.descriptionStart.length).toBeLessThanOrEqual(81);
    expect(item?.descriptionStart.endsWith("…")).toBe(true);
    const text = JSON.stringify(await listPage(owner));
    expect(text).not.toContain("HEMLIG");
    expect(text).not.toContain("SLUTET");
  });

  it("is empty for a new user and says so on the first page", async () => {
    const newcomer = await signIn("ny@example.se");
    expect(await listPage(newcomer)).toEqual({
      items: [],
      jobs: [],
      nextCursor: null,
      isFirstPage: true,
      deleted: false,
      watched: { watches: [], limit: 10 },
      watchFlash: null,
    });
  });

  it("answers 401 without a session", async () => {
    expect((await get(listLoader, "/recommendations")).status).toBe(401);
  });
});

describe("deleting a recommendation", () => {
  it("the owner deletes it and returns to the list with a confirmation", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    const response = await post(listAction, "/recommendations", { cookie: alice.cookie, fields: { intent: "delete", id } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/recommendations?borttagen=1");
    expect(await getRecommendationForUser(alice.userId, id, testDb, testResults)).toBeNull();
    expect((await listPage(alice, "?borttagen=1")).deleted).toBe(true);
  });

  it("deleting another user's recommendation responds 404 and changes nothing", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    const response = await post(listAction, "/recommendations", { cookie: bob.cookie, fields: { intent: "delete", id } });
    expect(response.status).toBe(404);
    expect(await getRecommendationForUser(alice.userId, id, testDb, testResults)).not.toBeNull();
  });

  it("a missing or malformed id is the same 404; an unknown intent is 400", async () => {
    for (const id of [newRecommendationId(), "inte-ett-id", ""]) {
      const response = await post(listAction, "/recommendations", { cookie: alice.cookie, fields: { intent: "delete", id } });
      expect(response.status).toBe(404);
    }
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    const response = await post(listAction, "/recommendations", { cookie: alice.cookie, fields: { intent: "radera-allt", id } });
    expect(response.status).toBe(400);
    expect(await getRecommendationForUser(alice.userId, id, testDb, testResults)).not.toBeNull();
  });

  it("refuses a cross-site delete with 403 and deletes nothing", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    for (const headers of <Record<string, string>[]>[
      {},
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    ]) {
      const response = await post(listAction, "/recommendations", { cookie: alice.cookie, fields: { intent: "delete", id }, headers });
      expect(response.status).toBe(403);
    }
    expect(await getRecommendationForUser(alice.userId, id, testDb, testResults)).not.toBeNull();
  });

  it("answers 401 without a session", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    expect((await post(listAction, "/recommendations", { fields: { intent: "delete", id } })).status).toBe(401);
    expect(await getRecommendationForUser(alice.userId, id, testDb, testResults)).not.toBeNull();
  });
});

describe("unlocking a recommendation", () => {
  it("shows the unlock page only for the owner's recommendation; foreign, missing and malformed ids are 404", async () => {
    const id = await insertAt(alice.userId, 1_700_000_500_000);
    const page = await get(unlockLoader, `/recommendations/${id}/unlock`, alice.cookie, { id });
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ id });
    expect((await get(unlockLoader, `/recommendations/${id}/unlock`, bob.cookie, { id })).status).toBe(404);
    const missing = newRecommendationId();
    expect((await get(unlockLoader, `/recommendations/${missing}/unlock`, alice.cookie, { id: missing })).status).toBe(404);
    const bad = await get(unlockLoader, "/recommendations/x/unlock", alice.cookie, { id: "x" });
    expect(bad.status).toBe(404);
  });

  it("the owner unlocks it, idempotently, and returns to the detail", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await post(unlockAction, `/recommendations/${id}/unlock`, { cookie: alice.cookie, params: { id } });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/recommendations/${id}`);
    }
    expect((await getRecommendationForUser(alice.userId, id, testDb, testResults))?.isLocked).toBe(false);
  });

  it("unlocking another user's recommendation responds 404 and leaves it locked", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    const response = await post(unlockAction, `/recommendations/${id}/unlock`, { cookie: bob.cookie, params: { id } });
    expect(response.status).toBe(404);
    expect((await getRecommendationForUser(alice.userId, id, testDb, testResults))?.isLocked).toBe(true);
    const missing = newRecommendationId();
    expect((await post(unlockAction, `/recommendations/${missing}/unlock`, { cookie: alice.cookie, params: { id: missing } })).status).toBe(404);
  });

  it("refuses a cross-site unlock with 403 and leaves it locked", async () => {
    const { id } = await createRecommendationForUser(alice.userId, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    for (const headers of <Record<string, string>[]>[{}, { Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }]) {
      const response = await post(unlockAction, `/recommendations/${id}/unlock`, { cookie: alice.cookie, params: { id }, headers });
      expect(response.status).toBe(403);
    }
    expect((await getRecommendationForUser(alice.userId, id, testDb, testResults))?.isLocked).toBe(true);
  });
});

describe("exporting my data", () => {
  type ExportedCar = Record<string, unknown> & { kind: string };
  type Exported = {
    recommendations: { id: string; createdAt: string; isLocked: boolean; input: unknown; result: { cars: ExportedCar[] } }[];
  };

  it("downloads only the owner's recommendations, and none of a locked one's locked fields", async () => {
    const owner = await signIn("export@example.se");
    const secretCars = [1, 2, 3].map((rank) =>
      buildCar(rank, {
        carName: `Bil ${rank}`,
        deepDiveAnalysis: rank === 1 ? "Öppen analys" : `HEMLIG-ANALYS-${rank}`,
        commonFlaws: rank === 1 ? "Öppna fel" : `HEMLIGA-FEL-${rank}`,
        pros: rank === 1 ? ["Öppet plus"] : [`HEMLIGT-PLUS-${rank}`],
        whyItFits: rank === 1 ? "Öppet skäl" : `HEMLIGT-SKAL-${rank}`,
        ownershipCost: { insurance: 4_321 + rank * 1_000_000, tax: 1, fuel: 1, maintenance: 1 },
      }),
    );
    const locked = await insertAt(owner.userId, 1_800_000_000_000, { source: "local", cars: secretCars }, true);
    const unlocked = await insertAt(owner.userId, 1_800_000_001_000, buildResult(2), false);
    await insertAt(bob.userId, 1_800_000_002_000);

    const response = await get(exportLoader, "/recommendations/export", owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="drombil-mina-data.json"');
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);

    const text = await response.text();
    const body = JSON.parse(text) as Exported;
    expect(body.recommendations.map((item) => item.id)).toEqual([unlocked, locked]);
    expect(body.recommendations[1]?.createdAt).toBe(new Date(1_800_000_000_000).toISOString());
    expect(body.recommendations[1]?.input).toEqual(buildInput({ maxPrice: 100_000 }));

    // Locked: rank 1 in full, the others as teasers only.
    for (const secret of ["HEMLIG", "2004321", "3004321"]) expect(text).not.toContain(secret);
    const lockedCars = body.recommendations[1]?.result.cars ?? [];
    expect(lockedCars[0]).toMatchObject({ kind: "full", deepDiveAnalysis: "Öppen analys" });
    expect(lockedCars[0]).toMatchObject({ whyItFitsSentences: ["Öppet skäl"] });
    for (const car of lockedCars.slice(1)) {
      expect(car.kind).toBe("teaser");
      for (const field of ["deepDiveAnalysis", "pros", "cons", "ownershipCost", "commonFlaws", "whyItFits", "availability", "ratings", "score"]) {
        expect(car).not.toHaveProperty(field);
      }
    }
    // Unlocked: everything.
    expect(body.recommendations[0]?.result.cars.every((car) => car.kind === "full" && "deepDiveAnalysis" in car)).toBe(true);
  });

  it("answers 401 without a session", async () => {
    expect((await get(exportLoader, "/recommendations/export")).status).toBe(401);
  });
});
