import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { deletedUsers, devOutbox, watchDigests, watches, watchMatches, watchSeenAds, watchTargets } from "#drizzle/schema";
import type { MarketplaceCar, MarketplaceQuery } from "#app/lib/marketplace";
import { adKeyOf, adPriceOf, WATCH_LIMIT, type WatchAdvice, watchExpiry } from "#app/lib/watch-match";
import type { Database } from "#app/server/db/client.server";

// Every function here takes the owner and scopes each statement by it; the cron's cross-owner reads live in watch-checks.server.ts.

export type WatchTarget = { carKey: string; carName: string; queryKey: string; query: MarketplaceQuery; advice: WatchAdvice };

export type NewWatch = {
  searchId: string;
  recommendationId: string;
  carKey: string | null;
  label: string;
  targets: WatchTarget[];
  /** The ads listed now, per query key; null when they could not be read (the first check records them instead). */
  baseline: Map<string, MarketplaceCar[]> | null;
  localMailTo: string | null;
};

export type CreatedWatch = { status: "created"; id: string } | { status: "exists"; id: string } | { status: "limit" } | { status: "deleted" };

const activeAt = (now: Date) => and(isNull(watches.stoppedAt), gt(watches.expiresAt, now));

export function newWatchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * One batch: the watch is inserted only while the owner has fewer than WATCH_LIMIT active ones and
 * no tombstone, and its targets and baseline only if the watch went in, so two taps at once cannot make an 11th.
 */
export async function createWatchForUser(userId: string, watch: NewWatch, db: Database, now = new Date()): Promise<CreatedWatch> {
  const owner = requireOwner(userId);
  const existing = await db
    .select({ id: watches.id })
    .from(watches)
    .where(
      and(
        eq(watches.userId, owner),
        eq(watches.searchId, watch.searchId),
        watch.carKey === null ? isNull(watches.carKey) : eq(watches.carKey, watch.carKey),
        activeAt(now),
      ),
    )
    .get();
  if (existing) return { status: "exists", id: existing.id };
  const id = newWatchId();
  const expires = watchExpiry(now);
  const seen = watch.baseline
    ? [...watch.baseline].flatMap(([queryKey, ads]) => ads.map((ad) => ({ queryKey, adKey: adKeyOf(ad), price: adPriceOf(ad) })))
    : [];
  // Conditional inserts (INSERT … SELECT … WHERE) in one D1 batch: raw statements, as drizzle's batch takes only its builders.
  const d1 = db.$client;
  const inserted = "exists (select 1 from watches where id = ?)";
  const [insert] = await d1.batch([
    d1
      .prepare(
        `insert into watches (id, user_id, search_id, recommendation_id, car_key, label, created_at, expires_at, baseline_pending, local_mail_to)
        select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
        where (select count(*) from watches where user_id = ? and stopped_at is null and expires_at > ?) < ?
        and not exists (select 1 from deleted_users where user_id = ?)`,
      )
      .bind(
        id,
        owner,
        watch.searchId,
        watch.recommendationId,
        watch.carKey,
        watch.label,
        now.getTime(),
        expires.getTime(),
        watch.baseline ? 0 : 1,
        watch.localMailTo,
        owner,
        now.getTime(),
        WATCH_LIMIT,
        owner,
      ),
    ...watch.targets.map((target) =>
      d1
        .prepare(`insert or ignore into watch_targets (watch_id, car_key, car_name, query_key, query, advice) select ?, ?, ?, ?, ?, ? where ${inserted}`)
        .bind(id, target.carKey, target.carName, target.queryKey, JSON.stringify(target.query), JSON.stringify(target.advice), id),
    ),
    ...seen.map((ad) =>
      d1
        .prepare(
          `insert or ignore into watch_seen_ads (watch_id, ad_key, query_key, first_price, last_price, baseline, first_seen_at) select ?, ?, ?, ?, ?, 1, ? where ${inserted}`,
        )
        .bind(id, ad.adKey, ad.queryKey, ad.price, ad.price, now.getTime(), id),
    ),
  ]);
  if (insert?.meta.changes === 1) return { status: "created", id };
  return (await isDeleted(owner, db)) ? { status: "deleted" } : { status: "limit" };
}

async function isDeleted(owner: string, db: Database): Promise<boolean> {
  return Boolean(await db.select({ userId: deletedUsers.userId }).from(deletedUsers).where(eq(deletedUsers.userId, owner)).get());
}

export type WatchSummary = {
  id: string;
  searchId: string;
  recommendationId: string;
  carKey: string | null;
  label: string;
  createdAt: Date;
  expiresAt: Date;
  newCount: number;
};

/** The owner's active watches, newest first, each with how many fitting ads it found that the buyer has not had mailed or seen listed. */
export async function listActiveWatchesForUser(userId: string, db: Database, now = new Date()): Promise<WatchSummary[]> {
  const owner = requireOwner(userId);
  return db
    .select({
      id: watches.id,
      searchId: watches.searchId,
      recommendationId: watches.recommendationId,
      carKey: watches.carKey,
      label: watches.label,
      createdAt: watches.createdAt,
      expiresAt: watches.expiresAt,
      newCount: sql<number>`(select count(*) from ${watchMatches} where ${watchMatches.watchId} = ${watches.id})`,
    })
    .from(watches)
    .where(and(eq(watches.userId, owner), activeAt(now)))
    .orderBy(desc(watches.createdAt))
    .all();
}

export type WatchMatchRow = { watchId: string; adKey: string; kind: "new" | "price-drop"; carKey: string; ad: MarketplaceCar; foundAt: Date };

/** The owner's matches of active watches (at most 50 per watch are kept by the checks), newest first. */
export async function listMatchesForUser(userId: string, db: Database, now = new Date(), watchIds?: readonly string[]): Promise<WatchMatchRow[]> {
  const owner = requireOwner(userId);
  return db
    .select({
      watchId: watchMatches.watchId,
      adKey: watchMatches.adKey,
      kind: watchMatches.kind,
      carKey: watchMatches.carKey,
      ad: watchMatches.ad,
      foundAt: watchMatches.foundAt,
    })
    .from(watchMatches)
    .innerJoin(watches, eq(watches.id, watchMatches.watchId))
    .where(and(eq(watchMatches.userId, owner), eq(watches.userId, owner), activeAt(now), watchIds ? inArray(watchMatches.watchId, [...watchIds]) : undefined))
    .orderBy(desc(watchMatches.foundAt))
    .limit(200)
    .all();
}

export async function listTargetsForUser(userId: string, watchIds: readonly string[], db: Database) {
  const owner = requireOwner(userId);
  if (watchIds.length === 0) return [];
  return db
    .select({ watchId: watchTargets.watchId, carKey: watchTargets.carKey, carName: watchTargets.carName, advice: watchTargets.advice })
    .from(watchTargets)
    .innerJoin(watches, eq(watches.id, watchTargets.watchId))
    .where(and(eq(watches.userId, owner), inArray(watchTargets.watchId, [...watchIds])))
    .all();
}

/** Stops the owner's watch; a foreign or unknown id changes nothing (false). Its seen ads and matches go with it. */
export async function stopWatchForUser(userId: string, id: string, db: Database, now = new Date()): Promise<boolean> {
  const owner = requireOwner(userId);
  const [stopped] = await db.batch([
    db
      .update(watches)
      .set({ stoppedAt: now })
      .where(and(eq(watches.id, id), eq(watches.userId, owner), isNull(watches.stoppedAt)))
      .returning({ id: watches.id }),
    ...watchChildrenDeletes(
      db,
      sql`select ${watches.id} from ${watches} where ${watches.id} = ${id} and ${watches.userId} = ${owner} and ${watches.stoppedAt} is not null`,
    ),
  ]);
  return stopped.length === 1;
}

/** The digest's unsubscribe: every active watch of the owner stops (and with them the mail). Returns how many. */
export async function stopAllWatchesForUser(userId: string, db: Database, now = new Date()): Promise<number> {
  const owner = requireOwner(userId);
  const [stopped] = await db.batch([
    db
      .update(watches)
      .set({ stoppedAt: now })
      .where(and(eq(watches.userId, owner), isNull(watches.stoppedAt)))
      .returning({ id: watches.id }),
    ...watchChildrenDeletes(db, sql`select ${watches.id} from ${watches} where ${watches.userId} = ${owner} and ${watches.stoppedAt} is not null`),
  ]);
  return stopped.length;
}

/** Another 60 days from now, for an active watch or one that ran out (not for a stopped one). */
export async function renewWatchForUser(userId: string, id: string, db: Database, now = new Date()): Promise<boolean> {
  const owner = requireOwner(userId);
  const renewed = await db
    .update(watches)
    .set({ renewedAt: now, expiresAt: watchExpiry(now) })
    .where(and(eq(watches.id, id), eq(watches.userId, owner), isNull(watches.stoppedAt)))
    .returning({ id: watches.id })
    .all();
  return renewed.length === 1;
}

function watchChildrenDeletes(db: Database, ids: ReturnType<typeof sql>) {
  return [
    db.delete(watchTargets).where(sql`${watchTargets.watchId} in (${ids})`),
    db.delete(watchSeenAds).where(sql`${watchSeenAds.watchId} in (${ids})`),
    db.delete(watchMatches).where(sql`${watchMatches.watchId} in (${ids})`),
  ] as const;
}

/** For the account deletion's batch: everything a watch stored or sent for the owner. Children first, while their watches still name the owner. */
export function deleteWatchRowsStatements(userId: string, db: Database) {
  const owner = requireOwner(userId);
  return [
    ...watchChildrenDeletes(db, sql`select ${watches.id} from ${watches} where ${watches.userId} = ${owner}`),
    db.delete(watchMatches).where(eq(watchMatches.userId, owner)),
    db.delete(watches).where(eq(watches.userId, owner)),
    db.delete(watchDigests).where(eq(watchDigests.userId, owner)),
    db.delete(devOutbox).where(eq(devOutbox.userId, owner)),
  ] as const;
}

/** For the export: the owner's watches (stopped ones included while kept), their matches and the digests sent. */
export async function listWatchDataForExport(userId: string, db: Database) {
  const owner = requireOwner(userId);
  const [ownWatches, matches, digests] = await db.batch([
    db
      .select({
        id: watches.id,
        searchId: watches.searchId,
        carKey: watches.carKey,
        label: watches.label,
        createdAt: watches.createdAt,
        renewedAt: watches.renewedAt,
        expiresAt: watches.expiresAt,
        stoppedAt: watches.stoppedAt,
      })
      .from(watches)
      .where(eq(watches.userId, owner)),
    db
      .select({ watchId: watchMatches.watchId, kind: watchMatches.kind, ad: watchMatches.ad, foundAt: watchMatches.foundAt, mailedAt: watchMatches.mailedAt })
      .from(watchMatches)
      .where(eq(watchMatches.userId, owner)),
    db
      .select({ day: watchDigests.day, sentAt: watchDigests.sentAt, matchCount: watchDigests.matchCount })
      .from(watchDigests)
      .where(eq(watchDigests.userId, owner)),
  ]);
  return { watches: ownWatches, matches, digests };
}

function requireOwner(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("A watch query needs the owner's user id");
  return userId;
}
