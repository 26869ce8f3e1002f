import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  createRecommendationForUser,
  deleteRecommendationForUser,
  getRecommendationForUser,
  listRecommendationsForUser,
  unlockRecommendationForUser,
} from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { testDb, testResults } from "#test/setup/test-store";

const ALICE = "user_alice";
const BOB = "user_bob";

async function rowCount(): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from recommendations").first<{ n: number }>();
  return row?.n ?? 0;
}

describe("saved recommendations", () => {
  it("creates a locked recommendation with an unguessable id and the current time", async () => {
    const before = Date.now();
    const { id, createdAt } = await createRecommendationForUser(ALICE, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    const saved = await getRecommendationForUser(ALICE, id, testDb, testResults);
    expect(saved?.isLocked).toBe(true);
    expect(saved?.input).toEqual(buildInput());
    expect(saved?.recommendation.cars).toHaveLength(3);
  });

  it("never produces the same id twice", async () => {
    const ids = await Promise.all(
      Array.from({ length: 25 }, () => createRecommendationForUser(ALICE, { input: buildInput(), recommendation: buildResult(1) }, testDb, testResults)),
    );
    expect(new Set(ids.map((row) => row.id)).size).toBe(25);
  });

  it("refuses to save invalid JSON documents and writes nothing", async () => {
    const before = await rowCount();
    await expect(
      createRecommendationForUser(ALICE, { input: buildInput({ maxPrice: 5 }), recommendation: buildResult() }, testDb, testResults),
    ).rejects.toThrow();
    await expect(createRecommendationForUser("", { input: buildInput(), recommendation: buildResult() }, testDb, testResults)).rejects.toThrow(
      /owner's user id/,
    );
    expect(await rowCount()).toBe(before);
  });

  it("gives another user nothing: get, unlock and delete of a foreign id behave like a missing one", async () => {
    const { id } = await createRecommendationForUser(ALICE, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);

    expect(await getRecommendationForUser(BOB, id, testDb, testResults)).toBeNull();
    expect(await unlockRecommendationForUser(BOB, id, testDb)).toBe(false);
    expect(await deleteRecommendationForUser(BOB, id, testDb, testResults)).toBe(false);
    expect((await listRecommendationsForUser(BOB, {}, testDb)).items).toEqual([]);

    // Bob's attempts changed nothing for Alice.
    const stillAlices = await getRecommendationForUser(ALICE, id, testDb, testResults);
    expect(stillAlices?.isLocked).toBe(true);
  });

  it("unlocks only the owner's recommendation, idempotently", async () => {
    const { id } = await createRecommendationForUser(ALICE, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    expect(await unlockRecommendationForUser(ALICE, id, testDb)).toBe(true);
    expect(await unlockRecommendationForUser(ALICE, id, testDb)).toBe(true);
    expect((await getRecommendationForUser(ALICE, id, testDb, testResults))?.isLocked).toBe(false);
  });

  it("deletes only the owner's recommendation", async () => {
    const { id } = await createRecommendationForUser(ALICE, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    expect(await deleteRecommendationForUser(ALICE, id, testDb, testResults)).toBe(true);
    expect(await getRecommendationForUser(ALICE, id, testDb, testResults)).toBeNull();
    expect(await deleteRecommendationForUser(ALICE, id, testDb, testResults)).toBe(false);
  });

  it("treats malformed ids as not found without querying for them", async () => {
    for (const id of ["", "x", "' or 1=1 --", "a".repeat(200)]) {
      expect(await getRecommendationForUser(ALICE, id, testDb, testResults)).toBeNull();
      expect(await unlockRecommendationForUser(ALICE, id, testDb)).toBe(false);
      expect(await deleteRecommendationForUser(ALICE, id, testDb, testResults)).toBe(false);
    }
  });
});

describe("listing a user's recommendations", () => {
  it("lists newest first, summary fields only, in pages that cover everything exactly once", async () => {
    const owner = "user_lister";
    const created: string[] = [];
    for (let index = 0; index < 7; index++) {
      const row = await createRecommendationForUser(
        owner,
        {
          input: buildInput({ maxPrice: 100_000 + index * 10_000 }),
          recommendation: buildResult(index + 1),
        },
        testDb,
        testResults,
      );
      created.push(row.id);
    }
    await createRecommendationForUser(BOB, { input: buildInput(), recommendation: buildResult() }, testDb, testResults);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listRecommendationsForUser(owner, { limit: 3, cursor }, testDb);
      pages++;
      for (const item of page.items) {
        expect(Object.keys(item).sort()).toEqual(["carCount", "createdAt", "id", "input", "isLocked", "searchId", "topCarName", "topCarScore", "version"]);
        expect(item).not.toHaveProperty("recommendation");
        seen.push(item.id);
      }
      cursor = page.nextCursor;
    } while (cursor);

    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(created));

    const all = (await listRecommendationsForUser(owner, { limit: 50 }, testDb)).items;
    const times = all.map((item) => item.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The newest one was the last created, with 7 cars.
    expect(all[0]?.id).toBe(created.at(-1));
    expect(all[0]?.carCount).toBe(7);
    expect(all[0]?.topCarName).toBe("Volvo V60 D4 (1)");
  });

  it("orders by creation time even when rows share a millisecond, and ignores a forged cursor", async () => {
    const owner = "user_same_ms";
    await env.DB.batch(
      ["AAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBB", "CCCCCCCCCCCCCCCCCCCCCC"].map((id) =>
        env.DB.prepare("insert into recommendations (id, user_id, created_at, input, recommendation) values (?, ?, 1700000000000, ?, ?)").bind(
          id,
          owner,
          JSON.stringify(buildInput()),
          JSON.stringify(buildResult(1)),
        ),
      ),
    );
    const first = await listRecommendationsForUser(owner, { limit: 2 }, testDb);
    expect(first.items.map((item) => item.id)).toEqual(["CCCCCCCCCCCCCCCCCCCCCC", "BBBBBBBBBBBBBBBBBBBBBB"]);
    const second = await listRecommendationsForUser(owner, { limit: 2, cursor: first.nextCursor }, testDb);
    expect(second.items.map((item) => item.id)).toEqual(["AAAAAAAAAAAAAAAAAAAAAA"]);
    expect(second.nextCursor).toBeNull();

    const forged = await listRecommendationsForUser(owner, { cursor: "1; drop table recommendations" }, testDb);
    expect(forged.items).toHaveLength(3);
  });
});
