import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { EXPORT_PAGE_SIZE, EXPORT_UNFINISHED_LIMIT, loader as exportLoader } from "#app/routes/recommendations-export";
import { utcDay } from "#app/server/account/activity.server";
import { touchUserActivity } from "#app/server/db/account-data.server";
import { newRecommendationId } from "#app/server/db/recommendations.server";
import { buildInput } from "#test/fixtures/recommendations";
import { run, type Session, signIn } from "#test/setup/route-harness";
import { lockedMarkers, markedResult } from "./security-harness";
import { testDb } from "#test/setup/test-store";

/**
 * "Ladda ner mina data" covers everything, however much there is: no silent cut at 1 000 rows
 * (the old limit), streamed page by page, still without the locked analysis, still owner-only,
 * and a failure part-way aborts the download instead of ending it early.
 */

const ROWS = 1_234;
const CARS = 3;
let owner: Session;
let neighbour: Session;

/** Inserts `count` recommendations for the user in a few D1 batches (a loop of creates would take minutes). */
async function insertMany(userId: string, count: number, { locked = true } = {}): Promise<void> {
  const input = JSON.stringify(buildInput());
  const recommendation = JSON.stringify(markedResult(CARS));
  const start = Date.UTC(2026, 0, 1);
  for (let offset = 0; offset < count; offset += 200) {
    const statements = Array.from({ length: Math.min(200, count - offset) }, (_, index) =>
      env.DB.prepare("insert into recommendations (id, user_id, created_at, is_locked, input, recommendation) values (?, ?, ?, ?, ?, ?)").bind(
        newRecommendationId(),
        userId,
        // Pairs share a timestamp, so the keyset's id tie-break is exercised at page boundaries.
        start + Math.floor((offset + index) / 2) * 1000,
        locked ? 1 : 0,
        input,
        recommendation,
      ),
    );
    await env.DB.batch(statements);
  }
}

beforeAll(async () => {
  owner = await signIn("mycket-data@example.se");
  neighbour = await signIn("lite-data@example.se");
  await insertMany(owner.userId, ROWS);
  await insertMany(neighbour.userId, 3);
  await touchUserActivity(owner.userId, "2026-11-20", testDb);
}, 60_000);

type Export = {
  exportedAt: string;
  account: { userId: string; lastActiveOn: string | null };
  recommendations: { id: string; createdAt: string; isLocked: boolean }[];
  recommendationCount: number;
};

describe("data export", () => {
  it(`exports all ${ROWS} recommendations (past the old 1 000-row cut), each once, newest first, with the count last`, async () => {
    const response = await run(exportLoader, "/recommendations/export", { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="drombil-mina-data\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const body = JSON.parse(text) as Export;

    expect(body.recommendations).toHaveLength(ROWS);
    expect(body.recommendationCount).toBe(ROWS);
    expect(new Set(body.recommendations.map((row) => row.id)).size).toBe(ROWS);
    const { results } = await env.DB.prepare("select id from recommendations where user_id = ? order by created_at desc, id desc")
      .bind(owner.userId)
      .all<{ id: string }>();
    expect(body.recommendations.map((row) => row.id)).toEqual(results.map((row) => row.id));
    // The export's own request may record today's activity first (after-response write).
    expect(body.account.userId).toBe(owner.userId);
    expect(["2026-11-20", utcDay(new Date())]).toContain(body.account.lastActiveOn);
    expect(ROWS).toBeGreaterThan(10 * EXPORT_PAGE_SIZE);

    // Locked analysis stays out of the export, however long it is; so do other users' rows.
    for (const marker of lockedMarkers(CARS)) expect(text).not.toContain(marker);
    const { results: neighbours } = await env.DB.prepare("select id from recommendations where user_id = ?").bind(neighbour.userId).all<{ id: string }>();
    for (const row of neighbours) expect(text).not.toContain(row.id);
  });

  it("a user with nothing saved gets a valid, empty export", async () => {
    const empty = await signIn("tom@example.se");
    const body = (await (await run(exportLoader, "/recommendations/export", { cookie: empty.cookie })).json()) as Export;
    expect(body.recommendations).toEqual([]);
    expect(body.recommendationCount).toBe(0);
    expect(body.account.userId).toBe(empty.userId);
    expect([null, utcDay(new Date())]).toContain(body.account.lastActiveOn);
  });

  it("says when the unfinished recommendations are more than it lists, and how many there are", async () => {
    const many = await signIn(`manga-jobb-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const input = JSON.stringify(buildInput());
    const jobs = EXPORT_UNFINISHED_LIMIT + 3;
    await env.DB.batch(
      Array.from({ length: jobs }, (_, index) =>
        env.DB.prepare("insert into recommendation_jobs (id, user_id, created_at, status, failure, input) values (?, ?, ?, 'failed', 'timeout', ?)").bind(
          newRecommendationId(),
          many.userId,
          Date.UTC(2026, 10, 1) + index * 1000,
          input,
        ),
      ),
    );
    type WithJobs = { unfinishedRecommendations: unknown[]; unfinishedRecommendationCount: number; unfinishedRecommendationsNote?: string };
    const body = (await (await run(exportLoader, "/recommendations/export", { cookie: many.cookie })).json()) as WithJobs;
    expect(body.unfinishedRecommendations).toHaveLength(EXPORT_UNFINISHED_LIMIT);
    expect(body.unfinishedRecommendationCount).toBe(jobs);
    expect(body.unfinishedRecommendationsNote).toBe(
      `Här visas de ${EXPORT_UNFINISHED_LIMIT} senaste av dina ${jobs} påbörjade eller misslyckade rekommendationer. Ta bort misslyckade under Dina rekommendationer och ladda ner igen för att få med resten.`,
    );
    // Under the limit: every one listed, and no note.
    const few = (await (await run(exportLoader, "/recommendations/export", { cookie: owner.cookie })).json()) as WithJobs;
    expect(few.unfinishedRecommendationCount).toBe(few.unfinishedRecommendations.length);
    expect(few).not.toHaveProperty("unfinishedRecommendationsNote");
  });

  it("names each row whose stored result could not be read, instead of leaving it out silently", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const gaps = await signIn(`luckor-${crypto.randomUUID().slice(0, 8)}@example.se`);
    await insertMany(gaps.userId, 2);
    // A row saved since results moved to R2 (no inline result) whose object is gone: a deletion or a write that went half-way.
    const lost = newRecommendationId();
    const lostAt = Date.UTC(2026, 5, 1, 12);
    await env.DB.prepare("insert into recommendations (id, user_id, created_at, is_locked, input, recommendation) values (?, ?, ?, 1, ?, 'null')")
      .bind(lost, gaps.userId, lostAt, JSON.stringify(buildInput()))
      .run();
    type WithGaps = Export & {
      unreadableRecommendations?: { id: string; createdAt: string }[];
      unreadableRecommendationCount?: number;
      unreadableRecommendationsNote?: string;
    };
    const body = (await (await run(exportLoader, "/recommendations/export", { cookie: gaps.cookie })).json()) as WithGaps;
    expect(body.recommendations).toHaveLength(2);
    expect(body.recommendationCount).toBe(2);
    expect(body.unreadableRecommendations).toEqual([{ id: lost, createdAt: new Date(lostAt).toISOString() }]);
    expect(body.unreadableRecommendationCount).toBe(1);
    expect(body.unreadableRecommendationsNote).toBe(
      "1 sparad rekommendation finns kvar i vår databas men dess resultat saknas, så den kunde inte tas med ovan; den står med id och datum i unreadableRecommendations.",
    );
    // Nothing unreadable: an empty list and no note.
    const whole = (await (await run(exportLoader, "/recommendations/export", { cookie: neighbour.cookie })).json()) as WithGaps;
    expect(whole.unreadableRecommendations).toEqual([]);
    expect(whole.unreadableRecommendationCount).toBe(0);
    expect(whole).not.toHaveProperty("unreadableRecommendationsNote");
  });

  it("signed out: 401", async () => {
    expect((await run(exportLoader, "/recommendations/export")).status).toBe(401);
  });

  it("if the database fails part-way, the download fails instead of ending early as if complete", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await run(exportLoader, "/recommendations/export", { cookie: owner.cookie });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await env.DB.exec("alter table recommendations rename to recommendations_away");
    try {
      let failed = false;
      try {
        for (;;) {
          const { done } = await reader.read();
          if (done) break;
        }
      } catch {
        failed = true;
      }
      expect(failed).toBe(true);
    } finally {
      await env.DB.exec("alter table recommendations_away rename to recommendations");
    }
  });
});
