import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { recommendations, watchDigests, watches, watchFetchDays, watchMatches, watchSeenAds, watchTargets } from "#drizzle/schema";
import type { MarketplaceCar, MarketplaceQuery } from "#app/lib/marketplace";
import { adKeyOf, adPriceOf, droppedIntoWindow, fitOf, type WatchAdvice } from "#app/lib/watch-match";
import type { Database } from "#app/server/db/client.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { Marketplace } from "#app/server/marketplace/marketplace.server";
import type { ResultStore } from "#app/server/results/result-store.server";
import { watchTargetsOf } from "./watch-targets.server";

// The cron and the queue consumer read across owners (they serve every buyer); they write only rows of the watches they read.

/** Every 4 hours: the watches' checks (workers/app.ts dispatches by this string; wrangler.toml lists it). */
export const WATCH_CHECK_CRON = "23 */4 * * *";
/** A stopped or run-out watch is kept this long (so it can be renewed from a mail), then deleted with its rows. */
const ENDED_WATCH_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** A digest's record (day and counts, no content) is kept this long: long enough to answer "did you mail me?". */
const DIGEST_RECORD_RETENTION_MS = 90 * 24 * 3600 * 1000;
const VERSION_FOLLOWS_PER_RUN = 20;
const SEND_BATCH = 100;

export type WatchCheckMessage = { queryKey: string };
export type WatchQueue = { sendBatch(messages: Iterable<{ body: WatchCheckMessage }>): Promise<unknown> };

const activeAt = (now: Date) => and(isNull(watches.stoppedAt), gt(watches.expiresAt, now));
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** A watch whose search has a newer saved version checks that version's cars from now on (its next check records a new baseline). */
async function followNewestVersions(db: Database, results: ResultStore, now: Date): Promise<number> {
  const newest = sql<string>`(select r.id from ${recommendations} r where r.user_id = ${watches.userId}
    and coalesce(r.search_id, r.id) = ${watches.searchId} order by r.version desc limit 1)`;
  const stale = await db
    .select({ id: watches.id, userId: watches.userId, carKey: watches.carKey, newest })
    .from(watches)
    .where(and(activeAt(now), sql`${newest} <> ${watches.recommendationId}`))
    .limit(VERSION_FOLLOWS_PER_RUN)
    .all();
  let moved = 0;
  for (const watch of stale) {
    const saved = await getRecommendationForUser(watch.userId, watch.newest, db, results);
    if (!saved) continue;
    const targets = await watchTargetsOf(saved, watch.carKey);
    // A car the new version no longer has keeps its old target: the buyer asked to watch it.
    if (targets.length === 0) {
      await db.update(watches).set({ recommendationId: saved.id }).where(eq(watches.id, watch.id)).run();
      continue;
    }
    await db.batch([
      db.delete(watchTargets).where(eq(watchTargets.watchId, watch.id)),
      db.insert(watchTargets).values(targets.map((target) => ({ watchId: watch.id, ...target }))),
      db.update(watches).set({ recommendationId: saved.id, baselinePending: true }).where(eq(watches.id, watch.id)),
    ]);
    moved++;
  }
  return moved;
}

/** Ended watches past their keeping time go, with everything they stored. */
async function deleteEndedWatches(db: Database, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - ENDED_WATCH_RETENTION_MS);
  const ended = sql`select ${watches.id} from ${watches} where ${watches.stoppedAt} < ${cutoff.getTime()} or ${watches.expiresAt} < ${cutoff.getTime()}`;
  await db.batch([
    db.delete(watchTargets).where(sql`${watchTargets.watchId} in (${ended})`),
    db.delete(watchSeenAds).where(sql`${watchSeenAds.watchId} in (${ended})`),
    db.delete(watchMatches).where(sql`${watchMatches.watchId} in (${ended})`),
    db.delete(watches).where(or(lt(watches.stoppedAt, cutoff), lt(watches.expiresAt, cutoff))),
    db.delete(watchDigests).where(lt(watchDigests.sentAt, new Date(now.getTime() - DIGEST_RECORD_RETENTION_MS))),
    db.delete(watchFetchDays).where(lt(watchFetchDays.day, utcDay(new Date(now.getTime() - DIGEST_RECORD_RETENTION_MS)))),
  ]);
}

export type EnqueuedRun = { queries: number; followed: number };

/** The cron's half: one message per distinct query of the active watches, however many watch it. */
export async function enqueueWatchChecks(deps: { db: Database; results: ResultStore; queue: WatchQueue }, now: Date): Promise<EnqueuedRun> {
  const { db } = deps;
  await deleteEndedWatches(db, now);
  const followed = await followNewestVersions(db, deps.results, now);
  const rows = await db
    .selectDistinct({ queryKey: watchTargets.queryKey })
    .from(watchTargets)
    .innerJoin(watches, eq(watches.id, watchTargets.watchId))
    .where(activeAt(now))
    .all();
  for (let start = 0; start < rows.length; start += SEND_BATCH) {
    await deps.queue.sendBatch(rows.slice(start, start + SEND_BATCH).map((row) => ({ body: { queryKey: row.queryKey } })));
  }
  return { queries: rows.length, followed };
}

/** One more of today's Blocket fetches, if the cap allows it (a single statement, so concurrent consumers cannot pass it). */
async function reserveFetch(db: Database, cap: number, now: Date): Promise<boolean> {
  const rows = await db.all<{ fetches: number }>(sql`insert into ${watchFetchDays} (day, fetches) values (${utcDay(now)}, 1)
    on conflict (day) do update set fetches = fetches + 1 where fetches < ${cap} returning fetches`);
  return rows.length === 1;
}

type CheckOutcome = "checked" | "no-watchers" | "marketplace-off" | "capped";
export type CheckDeps = { db: Database; marketplace: Marketplace; dailyFetchCap: number; log?: (message: string) => void };
export type CheckRun = { outcome: CheckOutcome; matches: number };

type Target = { watchId: string; userId: string; carKey: string; query: MarketplaceQuery; advice: WatchAdvice; baselinePending: boolean };

/** The consumer's half, one query: one fetch, then per watch the unseen ads and the fitting ones as matches (keyed: safe to run twice). */
export async function checkWatchQuery(queryKey: string, deps: CheckDeps, now: Date): Promise<CheckRun> {
  const { db } = deps;
  const targets: Target[] = await db
    .select({
      watchId: watchTargets.watchId,
      userId: watches.userId,
      carKey: watchTargets.carKey,
      query: watchTargets.query,
      advice: watchTargets.advice,
      baselinePending: watches.baselinePending,
    })
    .from(watchTargets)
    .innerJoin(watches, eq(watches.id, watchTargets.watchId))
    .where(and(eq(watchTargets.queryKey, queryKey), activeAt(now)))
    .all();
  const first = targets[0];
  if (!first) return { outcome: "no-watchers", matches: 0 };
  if (deps.marketplace.source === "off") return { outcome: "marketplace-off", matches: 0 };
  if (!(await reserveFetch(db, deps.dailyFetchCap, now))) {
    (deps.log ?? console.warn)(`Watch checks: today's cap of ${deps.dailyFetchCap} Blocket fetches is reached; the checks wait for the next day (UTC)`);
    return { outcome: "capped", matches: 0 };
  }
  const result = await deps.marketplace.search(first.query);
  const seenRows = await db
    .select({ watchId: watchSeenAds.watchId, adKey: watchSeenAds.adKey, lastPrice: watchSeenAds.lastPrice })
    .from(watchSeenAds)
    .where(and(eq(watchSeenAds.queryKey, queryKey), inArray(watchSeenAds.watchId, [...new Set(targets.map((target) => target.watchId))])))
    .all();
  const seen = new Map(seenRows.map((row) => [`${row.watchId} ${row.adKey}`, row.lastPrice]));
  // Only a complete answer tells that an ad is gone; one page of a larger result does not.
  const complete = result.cars.length >= result.totalCount;
  const listed = new Set(result.cars.map(adKeyOf));
  const writes = [];
  let matches = 0;
  for (const target of targets) {
    for (const ad of result.cars) {
      const write = recordAd(db, target, ad, seen.get(`${target.watchId} ${adKeyOf(ad)}`), queryKey, now);
      writes.push(...write.statements);
      matches += write.match ? 1 : 0;
    }
    if (target.baselinePending) writes.push(db.update(watches).set({ baselinePending: false }).where(eq(watches.id, target.watchId)));
    if (complete) {
      const gone = seenRows.filter((row) => row.watchId === target.watchId && !listed.has(row.adKey)).map((row) => row.adKey);
      if (gone.length > 0) {
        writes.push(db.delete(watchSeenAds).where(and(eq(watchSeenAds.watchId, target.watchId), inArray(watchSeenAds.adKey, gone))));
        writes.push(db.delete(watchMatches).where(and(eq(watchMatches.watchId, target.watchId), inArray(watchMatches.adKey, gone))));
      }
    }
  }
  const [head, ...tail] = writes;
  if (head) await db.batch([head, ...tail]);
  return { outcome: "checked", matches };
}

function matchInsert(db: Database, target: Target, ad: MarketplaceCar, kind: "new" | "price-drop", now: Date) {
  return db
    .insert(watchMatches)
    .values({ watchId: target.watchId, adKey: adKeyOf(ad), kind, userId: target.userId, carKey: target.carKey, ad, foundAt: now })
    .onConflictDoNothing();
}

function recordAd(db: Database, target: Target, ad: MarketplaceCar, lastPrice: number | undefined, queryKey: string, now: Date) {
  const adKey = adKeyOf(ad);
  const price = adPriceOf(ad);
  if (lastPrice === undefined) {
    const baseline = target.baselinePending;
    const seen = db
      .insert(watchSeenAds)
      .values({ watchId: target.watchId, adKey, queryKey, firstPrice: price, lastPrice: price, baseline, firstSeenAt: now })
      .onConflictDoNothing();
    const fits = !baseline && fitOf(ad, target.advice).fits;
    return { statements: fits ? [seen, matchInsert(db, target, ad, "new", now)] : [seen], match: fits };
  }
  if (lastPrice === price) return { statements: [], match: false };
  const update = db
    .update(watchSeenAds)
    .set({ lastPrice: price })
    .where(and(eq(watchSeenAds.watchId, target.watchId), eq(watchSeenAds.adKey, adKey)));
  const dropped = droppedIntoWindow(lastPrice, price, target.advice) && fitOf(ad, target.advice).fits;
  return { statements: dropped ? [update, matchInsert(db, target, ad, "price-drop", now)] : [update], match: dropped };
}
