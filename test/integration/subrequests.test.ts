import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { servicesFor } from "#app/server/services.server";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { countFetch, instrumentEnv, measure, measureEach, SUBREQUEST_LIMITS, type SubrequestCount } from "#test/setup/subrequest-counter";

/**
 * Cloudflare's subrequest limit is per invocation (a request, an alarm run, a cron run), and D1,
 * KV, R2 and Durable Object calls count alongside fetch. Each invocation the app makes is run here
 * against the fakes (OpenAI and Blocket on, as in production, an empty marketplace cache: the most
 * a create costs) with every binding and fetch counted, and held to the limit of the plan the
 * README names. `npm run bench:ai` prints the same figures (it runs this file).
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
    fakeBlocketUrl: string;
  }
}

/** The plan the README names (Workers Paid) sized against the lower figure its limit has had, for margin. */
const PLAN_BUDGET = 1_000;

const key = crypto.randomUUID();
const CLERK_API = "https://api.clerk.com";
const figures: Record<string, SubrequestCount> = {};
/** Each run of a CreationJob's alarm (the runtime starts them), in order. */
const alarmRuns: { count: SubrequestCount; urls: string[] }[] = [];
/** The CreationJob namespace before counting: the test helpers that drive a DO need the real stub. */
let jobs: DurableObjectNamespace;

function report(name: string, count: SubrequestCount): void {
  figures[name] = count;
  // One line per invocation, read by scripts/bench-ai.ts.
  console.log(`SUBREQUESTS ${JSON.stringify({ name, ...count })}`);
}

// Loaded after the fetch wrapper is in place: Clerk's SDK binds fetch when it loads.
let app: {
  createAction: typeof import("#app/routes/recommendations-create").action;
  exportLoader: typeof import("#app/routes/recommendations-export").loader;
  harness: typeof import("#test/setup/route-harness");
  retention: typeof import("#app/server/account/retention.server");
  recommendations: typeof import("#app/server/db/recommendations.server");
  fixtures: typeof import("#test/fixtures/recommendations");
  clerk: typeof import("#test/security/clerk-harness");
  authConfig: typeof import("#app/server/auth/auth-config.server");
};

beforeAll(async () => {
  const vars = env as unknown as Record<string, unknown>;
  // Production's engines: the OpenAI adapter and Blocket, each against its fake.
  Object.assign(vars, {
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: `${inject("fakeOpenAIUrl")}/v1`,
    OPENAI_MODEL: `ok/subrequests-${key}`,
    OPENAI_TIMEOUT_MS: "10000",
    MARKETPLACE_SOURCE: "blocket",
    BLOCKET_BASE_URL: `${inject("fakeBlocketUrl")}/__mode/ok/subrequests-${key}`,
    BLOCKET_ALLOW_LOOPBACK: "true",
  });
  jobs = env.CREATION_JOB as unknown as DurableObjectNamespace;
  // The pool's DO helpers look up the env's namespaces once and then keep them: let them see the
  // real ones before the counting proxies replace them.
  await runInDurableObject(jobs.get(jobs.idFromName("subrequests-warm-up")), () => {});
  expect(instrumentEnv(vars).sort()).toEqual(["CARS_CACHE", "CREATION_JOB", "DB", "RATE_LIMITER", "RESULTS"]);
  // Clerk's Backend API has no fake server: answer its user deletion here (still counted).
  countFetch((request) =>
    request.url.startsWith(`${CLERK_API}/v1/users/`) && request.method === "DELETE"
      ? Response.json({ object: "user", id: request.url.split("/").at(-1), deleted: true })
      : null,
  );
  // Every alarm run of a creation job is an invocation of its own, whoever starts it.
  const { CreationJob } = await import("#app/server/recommendations/creation-job.server");
  measureEach(CreationJob.prototype, "alarm", (count, urls) => alarmRuns.push({ count, urls }));
  app = {
    createAction: (await import("#app/routes/recommendations-create")).action,
    exportLoader: (await import("#app/routes/recommendations-export")).loader,
    harness: await import("#test/setup/route-harness"),
    retention: await import("#app/server/account/retention.server"),
    recommendations: await import("#app/server/db/recommendations.server"),
    fixtures: await import("#test/fixtures/recommendations"),
    clerk: await import("#test/security/clerk-harness"),
    authConfig: await import("#app/server/auth/auth-config.server"),
  };
});

/** The deployment's services over the counting bindings (built after they were put in place). */
const store = () => servicesFor(env);

const WISH = {
  description: "Familj med två barn och hund, vi kör 2 000 mil om året och vill ha dragkrok.",
  maxPrice: "300000",
  carType: "alla",
  sellerType: "alla",
};

describe("subrequests per invocation, against the fakes", () => {
  it("a create: the request, then each alarm run of its job", async () => {
    const session = await app.harness.signIn(`subrequests-${key.slice(0, 8)}@example.se`);
    const request = await measure(() => app.harness.run(app.createAction, "/recommendations/create", { method: "POST", cookie: session.cookie, fields: WISH }));
    expect(request.result.status).toBe(302);
    const id = (request.result.headers.get("Location") ?? "").split("/").at(-1) ?? "";
    report("create request", request.count);

    const stub = jobs.get(jobs.idFromName(id));
    // The runtime fires the job's alarm by itself; run it here if it has not yet, until the job is
    // saved and its clean-up alarm has run.
    const savedRow = () => env.DB.prepare("select count(*) as n from recommendations where id = ?").bind(id).first<{ n: number }>();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const pending = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
      if (pending !== null) await runDurableObjectAlarm(stub);
      else if ((await savedRow())?.n === 1) break;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const runs = alarmRuns.map((run) => run.count);
    runs.forEach((count, index) => report(`create alarm run ${index + 1}`, count));
    expect(runs.length).toBeGreaterThan(0);
    // The job really used the model and Blocket (the figures are production's, not the offline engine's).
    const urls = alarmRuns.flatMap((run) => run.urls);
    expect(urls.some((url) => url.includes("/v1/chat/completions"))).toBe(true);
    expect(urls.some((url) => url.includes("/mobility/search/api/search/"))).toBe(true);
    expect((await savedRow())?.n).toBe(1);

    for (const count of [request.count, ...runs]) {
      expect(count.total).toBeLessThanOrEqual(PLAN_BUDGET);
      expect(count.total).toBeLessThanOrEqual(SUBREQUEST_LIMITS.paid);
    }
    // The request itself stays within even the Free plan's 50: the work is in the alarm.
    expect(request.count.total).toBeLessThanOrEqual(SUBREQUEST_LIMITS.free);
  }, 90_000);

  it("an export of an account with 30 saved recommendations", async () => {
    const session = await app.harness.signIn(`export-${key.slice(0, 8)}@example.se`);
    // Seeding is not counted (outside `measure`): written side by side.
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        app.recommendations.createRecommendationForUser(
          session.userId,
          { input: app.fixtures.buildInput(), recommendation: app.fixtures.buildResult(index % 10) },
          store().db,
          store().results,
        ),
      ),
    );
    const exported = await measure(async () => {
      const response = await app.harness.run(app.exportLoader, "/recommendations/export", { cookie: session.cookie });
      await response.text();
      return response;
    });
    expect(exported.result.status).toBe(200);
    report("export (30 results)", exported.count);
    expect(exported.count.total).toBeLessThanOrEqual(PLAN_BUDGET);
  }, 60_000);

  it("a cron run deleting a full batch of inactive Clerk accounts, each with a saved result", async () => {
    const { RETENTION_BATCH_SIZE, deleteInactiveAccounts } = app.retention;
    const now = new Date(Date.UTC(2026, 10, 22, 3, 17));
    // One more than a batch, so the run is full; the accounts are seeded side by side.
    const seedAccount = async (index: number) => {
      const userId = `user_old_${index}`;
      await app.recommendations.createRecommendationForUser(
        userId,
        { input: app.fixtures.buildInput(), recommendation: app.fixtures.buildResult(1) },
        store().db,
        store().results,
      );
      await env.DB.prepare("insert into user_activity (user_id, last_active_on) values (?, '2020-01-01') on conflict do nothing").bind(userId).run();
    };
    await Promise.all(Array.from({ length: RETENTION_BATCH_SIZE + 1 }, (_, index) => seedAccount(index)));
    const config = app.authConfig.resolveAuthConfig(
      (await import("#app/server/env.server")).parseAppEnv({
        APP_ENV: "production",
        PUBLIC_SITE_URL: app.clerk.SITE_ORIGIN,
        CLERK_PUBLISHABLE_KEY: app.clerk.PUBLISHABLE_KEY,
        CLERK_SECRET_KEY: app.clerk.SECRET_KEY,
      }),
    );
    const cron = await measure(() => deleteInactiveAccounts(config, store(), now));
    expect(cron.result).toMatchObject({ deleted: RETENTION_BATCH_SIZE, failed: 0, moreRemain: true });
    expect(cron.urls.filter((url) => !url.startsWith(`DELETE ${CLERK_API}/v1/users/`))).toEqual([]);
    expect(cron.count.fetch).toBe(RETENTION_BATCH_SIZE);
    report(`cron run (${RETENTION_BATCH_SIZE} accounts, a result each)`, cron.count);
    expect(cron.count.total).toBeLessThanOrEqual(PLAN_BUDGET);
  }, 120_000);

  it("an hourly sweep of a full batch of deleted accounts' tombstones, each with a saved result in R2", async () => {
    const { TOMBSTONE_SWEEP_BATCH_SIZE, sweepDeletedAccounts } = app.retention;
    const { deleteRowsWithTombstone } = await import("#app/server/db/deleted-users.server");
    const deletedAt = new Date(Date.UTC(2026, 10, 20, 12));
    // One more than a batch, so the run is full; each account left a result in R2 (up to 1 000 cost the same list and delete).
    // The accounts are seeded side by side.
    const seedDeleted = async (index: number) => {
      const userId = `user_gone_${index}`;
      await app.recommendations.createRecommendationForUser(
        userId,
        { input: app.fixtures.buildInput(), recommendation: app.fixtures.buildResult(1) },
        store().db,
        store().results,
      );
      await deleteRowsWithTombstone(userId, store().db, deletedAt);
    };
    await Promise.all(Array.from({ length: TOMBSTONE_SWEEP_BATCH_SIZE + 1 }, (_, index) => seedDeleted(index)));
    const sweep = await measure(() => sweepDeletedAccounts(store(), new Date(deletedAt.getTime() + 2 * 86_400_000)));
    expect(sweep.result).toMatchObject({ swept: TOMBSTONE_SWEEP_BATCH_SIZE, sweepsFailed: 0, moreRemain: true });
    expect(sweep.count.fetch).toBe(0);
    report(`tombstone sweep (${TOMBSTONE_SWEEP_BATCH_SIZE} accounts, a result each)`, sweep.count);
    expect(sweep.count.total).toBeLessThanOrEqual(PLAN_BUDGET);
  }, 180_000);

  it("a watch cron run (100 buyers with a new ad each, 100 distinct queries) and a queue invocation (10 queries, 10 watchers each, cache empty)", async () => {
    const { createWatchForUser } = await import("#app/server/watches/watch-store.server");
    const { runWatchCron, handleWatchBatch } = await import("#app/server/watches/watch-jobs.server");
    const { watchQueryOf, watchAdviceOf } = await import("#app/lib/watch-match");
    const { MarketplaceQuerySchema } = await import("#app/lib/marketplace");
    const { watchMatches } = await import("#drizzle/schema");
    const now = new Date(Date.UTC(2026, 11, 1, 8, 23));
    const targetFor = (index: number) => {
      const advised = MarketplaceQuerySchema.parse({ make: "Volvo", model: "V60", minPrice: 100_000, maxPrice: 150_000 + index * 1_000, minYear: 2016 });
      return { carKey: "volvo v60", carName: "Volvo V60", queryKey: `sub-q-${index}`, query: watchQueryOf(advised), advice: watchAdviceOf(advised, undefined) };
    };
    // Seeding is not counted (outside `measure`): the 100 buyers are written side by side.
    const seedBuyer = async (index: number) => {
      const userId = `watch_buyer_${index}`;
      const target = targetFor(index);
      const newWatch = {
        searchId: `s-${index}`,
        recommendationId: `r-${index}`,
        carKey: "volvo v60",
        label: "Volvo V60",
        targets: [target],
        localMailTo: `kopare${index}@example.se`,
      };
      await createWatchForUser(userId, { ...newWatch, baseline: new Map([[target.queryKey, []]]) }, store().db, now);
      await store()
        .db.insert(watchMatches)
        .values({
          watchId: (await store().db.$client.prepare("select id from watches where user_id = ?").bind(userId).first<{ id: string }>())!.id,
          adKey: `ad-${index}`,
          kind: "new",
          userId,
          carKey: "volvo v60",
          ad: {
            link: `https://www.blocket.se/mobility/item/${index}`,
            heading: "Volvo V60",
            price: { amount: "140000" },
            car: { location: {}, fuel: "Diesel", gearbox: "Automat", regDate: 2018, mileage: 9_000 },
          },
          foundAt: now,
        })
        .run();
    };
    await Promise.all(Array.from({ length: 100 }, (_, index) => seedBuyer(index)));
    const queueSends: number[] = [];
    let mails = 0;
    const bindings = {
      WATCH_CHECKS: { sendBatch: async (batch: Iterable<unknown>) => void queueSends.push([...batch].length) },
      EMAIL: { send: async () => ({ messageId: `m${++mails}` }) } as unknown as SendEmail,
    };
    const cron = await measure(() => runWatchCron(store(), bindings, now));
    expect(cron.result.digests).toMatchObject({ sent: 100, failed: 0 });
    expect(queueSends.reduce((sum, size) => sum + size, 0)).toBe(100);
    // Queue and Email Service calls are subrequests too; the counter sees bindings it wraps, so they are added here.
    report(`watch cron run (100 digests, 100 queries; + ${queueSends.length} queue send, ${mails} mails)`, {
      ...cron.count,
      total: cron.count.total + queueSends.length + mails,
    });
    expect(cron.count.total + queueSends.length + mails).toBeLessThanOrEqual(PLAN_BUDGET);

    const seedWatcher = async (query: number, watcher: number) => {
      {
        const target = { ...targetFor(200 + query), queryKey: `sub-shared-${query}` };
        const newWatch = {
          searchId: `sq-${query}-${watcher}`,
          recommendationId: `rq-${query}-${watcher}`,
          carKey: "volvo v60",
          label: "Volvo V60",
          targets: [target],
          localMailTo: null,
        };
        await createWatchForUser(`queue_buyer_${query}_${watcher}`, { ...newWatch, baseline: new Map([[target.queryKey, []]]) }, store().db, now);
      }
    };
    await Promise.all(Array.from({ length: 100 }, (_, index) => seedWatcher(Math.floor(index / 10), index % 10)));
    const messages = Array.from({ length: 10 }, (_, query) => ({ body: { queryKey: `sub-shared-${query}` }, ack() {}, retry() {} }));
    const consumer = await measure(() => handleWatchBatch(messages, store(), now));
    expect(consumer.result.every((run) => run.outcome === "checked")).toBe(true);
    // One search per query, however many watch it; the rest are the adapter's reads of Blocket's make/model tree (a day's KV copy).
    expect(consumer.urls.filter((url) => url.includes("price_from="))).toHaveLength(10);
    report("watch queue invocation (10 queries, 10 watchers each)", consumer.count);
    expect(consumer.count.total).toBeLessThanOrEqual(PLAN_BUDGET);
  }, 120_000);

  it("prints every figure", () => {
    expect(Object.keys(figures).length).toBeGreaterThanOrEqual(5);
  });
});
