import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { action as deleteAction, loader as deleteLoader } from "#app/routes/account-delete";
import { recordActivity } from "#app/server/account/activity.server";
import { sweepDeletedAccounts } from "#app/server/account/retention.server";
import { servicesFor } from "#app/server/services.server";
import { touchUserActivity } from "#app/server/db/account-data.server";
import { readRequirements } from "#app/server/advice/advise.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { insertJobForUser } from "#app/server/db/recommendation-jobs.server";
import { createRecommendationForUser, newRecommendationId } from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { clearResultObjects, resultKeysOf } from "#test/setup/result-objects";
import { run, type Session, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * "Radera mitt konto" in the local mode (what `npm run dev` runs): every row of the user goes in
 * one batch, the neighbour's stay, the session ends, and nothing at all happens unless the
 * confirmation was typed. The Clerk mode is in clerk-account.test.ts.
 */

async function rowsOf(userId: string) {
  const recommendations = await env.DB.prepare("select count(*) as n from recommendations where user_id = ?").bind(userId).first<{ n: number }>();
  const activity = await env.DB.prepare("select count(*) as n from user_activity where user_id = ?").bind(userId).first<{ n: number }>();
  const jobs = await env.DB.prepare("select count(*) as n from recommendation_jobs where user_id = ?").bind(userId).first<{ n: number }>();
  return { recommendations: recommendations?.n ?? -1, activity: activity?.n ?? -1, jobs: jobs?.n ?? -1 };
}

async function seed(session: Session, count: number) {
  for (let index = 0; index < count; index++) {
    await createRecommendationForUser(session.userId, { input: buildInput(), recommendation: buildResult(2) }, testDb, testResults);
  }
  await touchUserActivity(session.userId, "2026-11-20", testDb);
  // One recommendation still being made: its row (the input) goes with the account too.
  await insertJobForUser(
    session.userId,
    { id: newRecommendationId(), input: buildInput(), requirements: readRequirements(buildInput(), { assumptions: DEFAULT_COST_ASSUMPTIONS }) },
    testDb,
  );
}

let owner: Session;
let neighbour: Session;

beforeEach(async () => {
  await env.DB.exec("delete from recommendations; delete from user_activity; delete from recommendation_jobs; delete from deleted_users;");
  await clearResultObjects();
  owner = await signIn("radera-mig@example.se");
  neighbour = await signIn("granne-kvar@example.se");
  await seed(owner, 3);
  await seed(neighbour, 2);
});

const deleteAs = (cookie: string | undefined, confirmation?: string) =>
  run(deleteAction, "/konto/radera", { method: "POST", cookie, fields: confirmation === undefined ? {} : { confirmation } });

describe("account deletion (local mode)", () => {
  it("typing the confirmation deletes every row of the user (only theirs), ends the session and shows the receipt", async () => {
    const response = await deleteAs(owner.cookie, "  radera ");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/konto/radera?raderat=1");
    const cleared = response.headers.get("Set-Cookie") ?? "";
    expect(cleared).toMatch(/^__drombil_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

    expect(await rowsOf(owner.userId)).toEqual({ recommendations: 0, activity: 0, jobs: 0 });
    expect(await rowsOf(neighbour.userId)).toEqual({ recommendations: 2, activity: 1, jobs: 1 });
    // The results in R2 go with the rows, the neighbour's stay.
    expect(await resultKeysOf(owner.userId)).toEqual([]);
    expect(await resultKeysOf(neighbour.userId)).toHaveLength(2);

    const receipt = await run(deleteLoader, "/konto/radera?raderat=1");
    expect(receipt.status).toBe(200);
    expect(await receipt.json()).toEqual({ state: "deleted", provider: "local", resultsPending: false });
  });

  it.each([
    ["nothing typed", ""],
    ["no field at all", undefined],
    ["something else", "radera inte"],
    ["the English word", "DELETE"],
    ["spaced letters", "R A D E R A"],
    ["a very long text", "RADERA".repeat(2000)],
    ["markup", "<script>RADERA</script>"],
  ])("%s: 400 with a Swedish message under the field, nothing deleted, still signed in", async (_name, typed) => {
    const response = await deleteAs(owner.cookie, typed);
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const body = (await response.json()) as { result: { error: { confirmation: string[] }; initialValue?: { confirmation?: string } } };
    expect(body.result.error.confirmation).toEqual(["Skriv RADERA för att bekräfta. Inget har raderats."]);
    expect((body.result.initialValue?.confirmation ?? "").length).toBeLessThanOrEqual(100);
    expect(await rowsOf(owner.userId)).toEqual({ recommendations: 3, activity: 1, jobs: 1 });
  });

  it("signed out: the form and the action are 401 and nothing is deleted", async () => {
    expect((await run(deleteLoader, "/konto/radera")).status).toBe(401);
    expect((await deleteAs(undefined, "RADERA")).status).toBe(401);
    expect(await rowsOf(owner.userId)).toEqual({ recommendations: 3, activity: 1, jobs: 1 });
  });

  it("signed in, the page offers the confirmation form", async () => {
    const page = await run(deleteLoader, "/konto/radera", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ state: "confirm", provider: "local", resultsPending: false });
  });

  it("when D1 fails halfway nothing is deleted, in D1 or in R2, and the user is told so with a 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The second statement of the batch fails: the first (recommendations) must roll back with it.
    await env.DB.exec("alter table user_activity rename to user_activity_away");
    try {
      const response = await deleteAs(owner.cookie, "RADERA");
      expect(response.status).toBe(503);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[""]?.[0]).toBe(
        "Vi kunde inte radera ditt konto just nu. Inget har raderats. Försök igen om en stund.",
      );
    } finally {
      await env.DB.exec("alter table user_activity_away rename to user_activity");
    }
    expect(await rowsOf(owner.userId)).toEqual({ recommendations: 3, activity: 1, jobs: 1 });
    // "Inget har raderats" covers the results too: every saved recommendation can still be opened.
    expect(await resultKeysOf(owner.userId)).toHaveLength(3);
  });

  it("when the R2 sweep fails the rows are gone, the receipt says the files follow, and the cron finishes the sweep", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const list = vi.spyOn(env.RESULTS, "list").mockRejectedValue(new Error("R2 unavailable"));
    let response: Response;
    try {
      response = await deleteAs(owner.cookie, "RADERA");
    } finally {
      list.mockRestore();
    }
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/konto/radera?raderat=1&resultat=kvar");
    expect(await rowsOf(owner.userId)).toEqual({ recommendations: 0, activity: 0, jobs: 0 });
    expect(await resultKeysOf(owner.userId)).toHaveLength(3);
    const tombstone = await env.DB.prepare("select swept_at from deleted_users where user_id = ?").bind(owner.userId).first<{ swept_at: number | null }>();
    expect(tombstone).toEqual({ swept_at: null });

    const receipt = await run(deleteLoader, "/konto/radera?raderat=1&resultat=kvar");
    expect(await receipt.json()).toEqual({ state: "deleted", provider: "local", resultsPending: true });

    // The hourly sweep repeats it; the neighbour keeps everything.
    await sweepDeletedAccounts(servicesFor(env));
    expect(await resultKeysOf(owner.userId)).toEqual([]);
    expect(await resultKeysOf(neighbour.userId)).toHaveLength(2);
    const swept = await env.DB.prepare("select swept_at from deleted_users where user_id = ?").bind(owner.userId).first<{ swept_at: number | null }>();
    expect(swept?.swept_at).toEqual(expect.any(Number));
  });

  it("a request still in flight cannot bring the account back: recording its activity after the deletion writes no row", async () => {
    expect((await deleteAs(owner.cookie, "RADERA")).status).toBe(302);
    // As a GET answered just before the deletion records its activity after the response
    // (another day, so the isolate's one-write-a-day memory does not skip it).
    await recordActivity(testDb, owner.userId, new Date(Date.UTC(2030, 0, 2)));
    await touchUserActivity(owner.userId, "2030-01-03", testDb);
    expect(await rowsOf(owner.userId)).toEqual({ recommendations: 0, activity: 0, jobs: 0 });
    // The neighbour's activity still moves forward.
    await recordActivity(testDb, neighbour.userId, new Date(Date.UTC(2030, 0, 2)));
    expect(
      (await env.DB.prepare("select last_active_on as day from user_activity where user_id = ?").bind(neighbour.userId).first<{ day: string }>())?.day,
    ).toBe("2030-01-02");
  });
});
