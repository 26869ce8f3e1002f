import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as deletePageLoader } from "#app/routes/account-delete";
import { utcDay } from "#app/server/account/activity.server";
import { deleteInactiveAccounts, RETENTION_BATCH_SIZE, RETENTION_CRON, retentionCutoffDay, TOMBSTONE_SWEEP_CRON } from "#app/server/account/retention.server";
import { WATCH_CHECK_CRON } from "#app/server/watches/watch-checks.server";
import { servicesFor } from "#app/server/services.server";
import { getLastActiveOn, touchUserActivity } from "#app/server/db/account-data.server";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import worker from "#workers/app";
import wranglerToml from "../../wrangler.toml?raw";
import { eraseAccountData } from "#app/server/account/erase-account.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { clearResultObjects, resultKeysOf } from "#test/setup/result-objects";
import { run, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * The privacy policy's promise, run the way Cloudflare runs it: the Worker's `scheduled` handler
 * (Cron Trigger) deletes every account whose last activity is more than 24 months old, with all
 * its rows, and nothing else. And the activity it relies on is recorded by signed-in requests.
 */

// 03:17 UTC on 22 November 2026, as the cron in wrangler.toml fires.
const SCHEDULED_AT = Date.UTC(2026, 10, 22, 3, 17);

async function runCron(): Promise<void> {
  const controller = createScheduledController({ scheduledTime: SCHEDULED_AT, cron: "17 3 * * *" });
  // The handler awaits its work (no waitUntil), so when it returns the run is complete.
  await worker.scheduled?.(controller, env);
}

async function seedUser(userId: string, lastActiveOn: string, recommendations = 2): Promise<void> {
  for (let index = 0; index < recommendations; index++) {
    await createRecommendationForUser(userId, { input: buildInput(), recommendation: buildResult(1) }, testDb, testResults);
  }
  await touchUserActivity(userId, lastActiveOn, testDb);
}

async function rowsOf(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    "select (select count(*) from recommendations where user_id = ?1) + (select count(*) from user_activity where user_id = ?1) as n",
  )
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

beforeEach(async () => {
  await env.DB.exec("delete from recommendations; delete from user_activity; delete from deleted_users;");
  await clearResultObjects();
});

describe("retention: the Cron Trigger deletes accounts unused for 24 months", () => {
  it("the cutoff is 24 calendar months before the run", () => {
    expect(retentionCutoffDay(new Date(SCHEDULED_AT))).toBe("2024-11-22");
  });

  it("deletes every row of each account last active before the cutoff, and keeps everyone else", async () => {
    await seedUser("local_gone_long_ago", "2023-05-01");
    await seedUser("local_gone_just_before", "2024-11-21");
    await seedUser("local_only_activity_left", "2024-01-01", 0);
    await seedUser("local_on_the_cutoff_day", "2024-11-22");
    await seedUser("local_active_last_year", "2025-11-01");
    await seedUser("local_active_today", "2026-11-22");

    await runCron();

    for (const gone of ["local_gone_long_ago", "local_gone_just_before", "local_only_activity_left"]) expect(await rowsOf(gone), gone).toBe(0);
    expect(await rowsOf("local_on_the_cutoff_day")).toBe(3);
    expect(await rowsOf("local_active_last_year")).toBe(3);
    expect(await rowsOf("local_active_today")).toBe(3);
    for (const gone of ["local_gone_long_ago", "local_gone_just_before"]) expect(await resultKeysOf(gone), gone).toEqual([]);
    for (const kept of ["local_on_the_cutoff_day", "local_active_last_year", "local_active_today"]) expect(await resultKeysOf(kept), kept).toHaveLength(2);
  });

  it("deletes an inactive account's results in R2 even without a D1 row pointing at them (a save that failed half-way)", async () => {
    await seedUser("local_orphaned", "2023-05-01", 1);
    await env.RESULTS.put("u/local_orphaned/AAAAAAAAAAAAAAAAAAAAAA", "{}");
    await seedUser("local_orphaned_neighbour", "2026-11-01", 1);
    expect(await resultKeysOf("local_orphaned")).toHaveLength(2);

    await runCron();

    expect(await resultKeysOf("local_orphaned")).toEqual([]);
    expect(await resultKeysOf("local_orphaned_neighbour")).toHaveLength(1);
  });

  it("one account that keeps failing does not hold the head of the queue: the next run takes those behind it", async () => {
    await seedUser("local_stuck", "2020-01-01", 1);
    await seedUser("local_next", "2021-01-01", 1);
    // D1 refuses to delete this one account (as a row a constraint protects would).
    await env.DB.exec("CREATE TRIGGER stuck BEFORE DELETE ON user_activity WHEN old.user_id = 'local_stuck' BEGIN SELECT RAISE(ABORT, 'stuck'); END;");
    try {
      const config = servicesFor(env).auth;
      const first = await deleteInactiveAccounts(config, servicesFor(env), new Date(SCHEDULED_AT), { batchSize: 1 });
      expect(first).toMatchObject({ deleted: 0, failed: 1 });
      const second = await deleteInactiveAccounts(config, servicesFor(env), new Date(SCHEDULED_AT), { batchSize: 1 });
      expect(second).toMatchObject({ deleted: 1, failed: 0 });
      expect(await rowsOf("local_next")).toBe(0);
      expect(await rowsOf("local_stuck")).toBe(2);
    } finally {
      await env.DB.exec("DROP TRIGGER stuck");
    }
  });

  it("works through a backlog a batch per run", async () => {
    const backlog = RETENTION_BATCH_SIZE + 5;
    const statements = Array.from({ length: backlog }, (_, index) =>
      env.DB.prepare("insert into user_activity (user_id, last_active_on) values (?, '2020-01-01')").bind(`local_old_${index}`),
    );
    await env.DB.batch(statements);
    const remaining = async () => (await env.DB.prepare("select count(*) as n from user_activity").first<{ n: number }>())?.n;

    await runCron();
    expect(await remaining()).toBe(5);
    await runCron();
    expect(await remaining()).toBe(0);
  }, 60_000);
});

/** The crons wrangler.toml declares (top level; [env.production] inherits them). */
function declaredCrons(): string[] {
  const line = /^\[triggers\]\s*\ncrons\s*=\s*\[([^\]]*)\]/m.exec(wranglerToml);
  if (!line?.[1]) throw new Error("wrangler.toml declares no crons");
  return [...line[1].matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** The minute of each firing of `cron` ("M H * * *" or "M * * * *" only) during one UTC hour, or null. */
function firesInHour(cron: string, hourOfDay: number): number | null {
  const [minute, hour, ...rest] = cron.split(" ");
  if (rest.join(" ") !== "* * *" || !/^\d+$/.test(minute ?? "") || !(hour === "*" || /^\d+$/.test(hour ?? ""))) throw new Error(`Unsupported cron: ${cron}`);
  return hour === "*" || Number(hour) === hourOfDay ? Number(minute) : null;
}

describe("the deleted-users tombstones: swept as fast as deletions make them", () => {
  it("wrangler.toml declares exactly the three crons the scheduled handler tells apart", () => {
    expect(declaredCrons()).toEqual([RETENTION_CRON, TOMBSTONE_SWEEP_CRON, WATCH_CHECK_CRON]);
  });

  it("over three days of wrangler.toml's crons, with a full retention batch a day and buyers deleting through the day, each tombstone goes about a day after its deletion (within 25 hours)", async () => {
    const days = 3;
    const buyersPerDay = 30;
    await env.DB.batch(
      Array.from({ length: days * RETENTION_BATCH_SIZE }, (_, index) =>
        env.DB.prepare("insert into user_activity (user_id, last_active_on) values (?, '2020-01-01')").bind(`local_inactive_${index}`),
      ),
    );
    // The watches' cron touches no account or tombstone.
    const crons = declaredCrons().filter((cron) => cron !== WATCH_CHECK_CRON);
    const start = Date.UTC(2026, 10, 22);
    const hour = 3600 * 1000;
    const oldestAllowed = 25 * hour;
    let mostTombstones = 0;
    const checkTombstones = async (now: number) => {
      const rows = (await env.DB.prepare("select user_id, deleted_at from deleted_users").all<{ user_id: string; deleted_at: number }>()).results;
      mostTombstones = Math.max(mostTombstones, rows.length);
      const overdue = rows.filter((row) => now - row.deleted_at > oldestAllowed);
      expect(overdue.length, `tombstones older than 25 h at ${new Date(now).toISOString()} (of ${rows.length})`).toBe(0);
    };
    for (let hourIndex = 0; hourIndex < (days + 2) * 24; hourIndex++) {
      const hourStart = start + hourIndex * hour;
      const firings = crons
        .map((cron) => ({ cron, minute: firesInHour(cron, new Date(hourStart).getUTCHours()) }))
        .filter((firing): firing is { cron: string; minute: number } => firing.minute !== null)
        .sort((a, b) => a.minute - b.minute);
      // Buyers delete their accounts at half past, every hour of the first days.
      if (hourIndex < days * 24) {
        const deleting = Array.from({ length: Math.ceil(buyersPerDay / 24) }, (_, index) => `local_buyer_${hourIndex}_${index}`);
        for (const userId of deleting) await eraseAccountData(userId, servicesFor(env), new Date(hourStart + 30 * 60 * 1000));
      }
      for (const { cron, minute } of firings) {
        const scheduledTime = hourStart + minute * 60 * 1000;
        await worker.scheduled?.(createScheduledController({ scheduledTime, cron }), env);
        await checkTombstones(scheduledTime);
      }
      await checkTombstones(hourStart + hour - 1);
    }
    // Every inactive account went, and a day after the last deletion no tombstone is left.
    expect((await env.DB.prepare("select count(*) as n from user_activity").first<{ n: number }>())?.n).toBe(0);
    expect((await env.DB.prepare("select count(*) as n from deleted_users").first<{ n: number }>())?.n).toBe(0);
    expect(mostTombstones).toBeGreaterThanOrEqual(RETENTION_BATCH_SIZE);
  }, 600_000);
});

describe("last activity: recorded by signed-in requests, at most one write a day", () => {
  it("a signed-in GET records today's date for that user (after the response)", async () => {
    const session = await signIn("aktiv@example.se");
    expect(await getLastActiveOn(session.userId, testDb)).toBeNull();
    expect((await run(deletePageLoader, "/konto/radera", { cookie: session.cookie })).status).toBe(200);
    await expect.poll(() => getLastActiveOn(session.userId, testDb)).toBe(utcDay(new Date()));
  });

  it("a POST records nothing (it could race an account deletion)", async () => {
    const session = await signIn("bara-post@example.se");
    await run(deletePageLoader, "/konto/radera", { method: "POST", cookie: session.cookie, fields: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await getLastActiveOn(session.userId, testDb)).toBeNull();
  });

  it("the stored day only ever moves forward", async () => {
    await touchUserActivity("local_framat", "2026-11-20", testDb);
    await touchUserActivity("local_framat", "2026-11-19", testDb);
    expect(await getLastActiveOn("local_framat", testDb)).toBe("2026-11-20");
    await touchUserActivity("local_framat", "2026-11-21", testDb);
    expect(await getLastActiveOn("local_framat", testDb)).toBe("2026-11-21");
  });
});
