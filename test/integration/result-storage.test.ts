import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listRecommendationPageForExport } from "#app/server/db/account-data.server";
import {
  createRecommendationForUser,
  deleteRecommendationForUser,
  getRecommendationForUser,
  listRecommendationsForUser,
  newRecommendationId,
} from "#app/server/db/recommendations.server";
import { RESULT_READ_CONCURRENCY } from "#app/server/db/stored-result.server";
import { createR2ResultStore } from "#app/server/results/r2-result-store.server";
import { resultKey, type ResultStore } from "#app/server/results/result-store.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { resultKeysOf } from "#test/setup/result-objects";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * Where a saved recommendation lives (docs/decisions/009): a small D1 row plus the result in R2,
 * and rows saved before that, with the result inline, still working everywhere.
 */

/** A row in the format saved before migration 0004: the result inline, no result object. */
async function insertInlineRow(userId: string, carCount = 2, createdAt = Date.now()): Promise<string> {
  const id = newRecommendationId();
  await env.DB.prepare("insert into recommendations (id, user_id, created_at, is_locked, input, recommendation) values (?, ?, ?, 1, ?, ?)")
    .bind(id, userId, createdAt, JSON.stringify(buildInput()), JSON.stringify(buildResult(carCount)))
    .run();
  return id;
}

/** Runs migration 0004's statements again (the backfill only touches rows with an inline result). */
async function rerunBackfill(): Promise<void> {
  const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith("0004_"));
  const update = migration?.queries.find((query) => query.includes("UPDATE `recommendations`"));
  if (!update) throw new Error("migration 0004 has no backfill");
  await env.DB.prepare(update).run();
}

describe("a new recommendation: small row in D1, result in R2", () => {
  it("writes the result under the owner's prefix and keeps only the summary in the row", async () => {
    const { id } = await createRecommendationForUser("user_split", { input: buildInput(), recommendation: buildResult(3) }, testDb, testResults);
    expect(await resultKeysOf("user_split")).toEqual([resultKey("user_split", id)]);
    const row = await env.DB.prepare(
      "select recommendation, top_car_name, top_car_score, car_count, length(input) + length(recommendation) as bytes from recommendations where id = ?",
    )
      .bind(id)
      .first<{ recommendation: string; top_car_name: string; top_car_score: number; car_count: number; bytes: number }>();
    expect(row).toMatchObject({ recommendation: "null", top_car_name: "Volvo V60 D4 (1)", top_car_score: 74, car_count: 3 });
    expect(row?.bytes).toBeLessThan(1_000);
    expect((await getRecommendationForUser("user_split", id, testDb, testResults))?.recommendation).toEqual(buildResult(3));
  });

  it("writes the result before the row: if the result store fails, no row is written", async () => {
    const failingStore: ResultStore = {
      ...createR2ResultStore(env.RESULTS),
      put: async () => {
        throw new Error("R2 unavailable");
      },
    };
    await expect(createRecommendationForUser("user_r2_down", { input: buildInput(), recommendation: buildResult() }, testDb, failingStore)).rejects.toThrow(
      "R2 unavailable",
    );
    const row = await env.DB.prepare("select count(*) as n from recommendations where user_id = 'user_r2_down'").first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("deleting removes the result too; another user's delete of the same id removes nothing", async () => {
    const { id } = await createRecommendationForUser("user_del", { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    expect(await deleteRecommendationForUser("user_not_owner", id, testDb, testResults)).toBe(false);
    expect(await resultKeysOf("user_del")).toHaveLength(1);
    expect(await deleteRecommendationForUser("user_del", id, testDb, testResults)).toBe(true);
    expect(await resultKeysOf("user_del")).toEqual([]);
  });

  it("a row whose result has gone missing reads as missing, not as an error", async () => {
    const { id } = await createRecommendationForUser("user_lost", { input: buildInput(), recommendation: buildResult() }, testDb, testResults);
    await env.RESULTS.delete(resultKey("user_lost", id));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await getRecommendationForUser("user_lost", id, testDb, testResults)).toBeNull();
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe("rows saved before migration 0004 (result inline) keep working", () => {
  it("detail, list and export read the inline result; the backfill fills the list's columns", async () => {
    const id = await insertInlineRow("user_legacy", 4);
    await rerunBackfill();
    expect((await getRecommendationForUser("user_legacy", id, testDb, testResults))?.recommendation).toEqual(buildResult(4));
    const [item] = (await listRecommendationsForUser("user_legacy", {}, testDb)).items;
    expect(item).toMatchObject({ id, carCount: 4, topCarName: "Volvo V60 D4 (1)", topCarScore: 74 });
    const { rows } = await listRecommendationPageForExport("user_legacy", { after: null, limit: 10 }, testDb, testResults);
    expect(rows.map((row) => row.recommendation)).toEqual([buildResult(4)]);
    expect(await resultKeysOf("user_legacy")).toEqual([]);
  });

  it("the backfill leaves rows whose result is in R2 alone", async () => {
    const { id } = await createRecommendationForUser("user_mixed", { input: buildInput(), recommendation: buildResult(5) }, testDb, testResults);
    await rerunBackfill();
    const row = await env.DB.prepare("select car_count, top_car_name from recommendations where id = ?").bind(id).first();
    expect(row).toEqual({ car_count: 5, top_car_name: "Volvo V60 D4 (1)" });
  });
});

describe("export of a heavy account", () => {
  it("pages through 230 recommendations (inline and R2 mixed) with at most four result reads in flight", async () => {
    const userId = "user_heavy";
    // Seeded side by side: only the export's reads are measured.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, index) => insertInlineRow(userId, 1, Date.UTC(2025, 0, 1) + index)),
      ...Array.from({ length: 200 }, () => createRecommendationForUser(userId, { input: buildInput(), recommendation: buildResult(1) }, testDb, testResults)),
    ]);
    const r2 = createR2ResultStore(env.RESULTS);
    let inFlight = 0;
    let peak = 0;
    const counting: ResultStore = {
      ...r2,
      get: async (owner, id) => {
        peak = Math.max(peak, ++inFlight);
        try {
          return await r2.get(owner, id);
        } finally {
          inFlight--;
        }
      },
    };
    const seen = new Set<string>();
    let after = null;
    do {
      const page: Awaited<ReturnType<typeof listRecommendationPageForExport>> = await listRecommendationPageForExport(
        userId,
        { after, limit: 100 },
        testDb,
        counting,
      );
      for (const row of page.rows) seen.add(row.id);
      after = page.next;
    } while (after);
    expect(seen.size).toBe(230);
    expect(peak).toBe(RESULT_READ_CONCURRENCY);
    // What it checks is the cap on reads in flight, not speed: seeding 230 rows takes 3–4 s on a busy
    // 2-core machine, and longer after other files in the same runtime.
  }, 20_000);
});
