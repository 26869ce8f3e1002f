import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MarketplaceCar, MarketplaceQuery } from "#app/lib/marketplace";
import type { OutgoingMail } from "#app/lib/outgoing-mail";
import type { ReadingCorrections } from "#app/lib/reading-corrections";
import type { WatchAdvice } from "#app/lib/watch-match";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { RecommendationResult, SavedRecommendationInput } from "#app/lib/saved-recommendation";

/**
 * A corrected reading is a new version of the same search (migration 0006): the list shows a search
 * once, with its versions inside, and an unlock holds for all of them.
 */
function versionColumns() {
  return {
    /** The first version's id; null in rows written before versions, which are searches of their own (their id). */
    searchId: text("search_id"),
    version: integer("version").notNull().default(1),
    /** The buyer's corrections this version was read with, the earlier versions' included; null for none. */
    corrections: text("corrections", { mode: "json" }).$type<ReadingCorrections>(),
  };
}

/**
 * A buyer's saved recommendation. Every query against this table is scoped by `user_id`
 * (see app/server/db/recommendations.server.ts); there is no unscoped read.
 */
export const recommendations = sqliteTable(
  "recommendations",
  {
    /** 128 random bits, base64url: unguessable, so ids leak nothing and cannot be enumerated. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** Milliseconds since the epoch; millisecond precision keeps "newest first" stable. */
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    isLocked: integer("is_locked", { mode: "boolean" }).notNull().default(true),
    input: text("input", { mode: "json" }).$type<SavedRecommendationInput>().notNull(),
    /**
     * The result inline, for rows saved before results moved to R2 (migration 0004); JSON `null`
     * for newer rows, whose result is in the RESULTS bucket under `u/<user>/<id>`. Still NOT NULL
     * because SQLite cannot relax a column without rebuilding the table (docs/decisions/009).
     */
    recommendation: text("recommendation", { mode: "json" }).$type<RecommendationResult | null>().notNull(),
    /** How the description was understood (BuyerRequirements); null for rows saved before it existed. */
    requirements: text("requirements", { mode: "json" }).$type<BuyerRequirements>(),
    /** The first-ranked car's name and final score (shown in the list, even when locked); null for no cars. */
    topCarName: text("top_car_name"),
    topCarScore: real("top_car_score"),
    carCount: integer("car_count").notNull().default(0),
    ...versionColumns(),
  },
  (table) => [
    index("recommendations_user_id_created_at_idx").on(table.userId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("recommendations_user_id_search_id_idx").on(table.userId, table.searchId),
  ],
);

/**
 * A recommendation being made (docs/decisions/008-durable-creation.md). The work runs in a
 * CreationJob Durable Object; this row is what lists it and scopes it to its owner until the
 * result is saved under the same id in `recommendations` (the row is then deleted). A job that
 * failed stays as "failed" with a reason code until its owner removes it; it is never a result.
 */
export const recommendationJobs = sqliteTable(
  "recommendation_jobs",
  {
    /** The id the finished recommendation will have: the pending page's address is the result's. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    status: text("status", { enum: ["running", "failed"] })
      .notNull()
      .default("running"),
    /** A failure code (app/lib/creation-job.ts), turned into Swedish where it is shown. */
    failure: text("failure"),
    input: text("input", { mode: "json" }).$type<SavedRecommendationInput>().notNull(),
    requirements: text("requirements", { mode: "json" }).$type<BuyerRequirements>(),
    ...versionColumns(),
  },
  (table) => [index("recommendation_jobs_user_id_created_at_idx").on(table.userId, sql`${table.createdAt} desc`)],
);

/**
 * The last day each user was signed in, for the retention job (accounts unused for 24 months are
 * deleted). Day precision only: it is all the job needs, and the row is written at most once a
 * day per user (app/server/account/activity.server.ts). A user's row goes with their account.
 */
export const userActivity = sqliteTable(
  "user_activity",
  {
    userId: text("user_id").primaryKey(),
    /** UTC date, `YYYY-MM-DD`: sorts and compares as text. */
    lastActiveOn: text("last_active_on").notNull(),
    /** Retention runs that failed to delete this account: a failing one queues behind the others. */
    retentionFailures: integer("retention_failures").notNull().default(0),
  },
  (table) => [index("user_activity_last_active_on_idx").on(table.lastActiveOn)],
);

/**
 * A deleted account, written in the same D1 batch that deletes its rows. While it exists a
 * creation job of that user saves nothing (it checks before and after its save), and the
 * retention cron sweeps the user's R2 prefix (and any row a late job left) until a sweep after
 * the last job could have finished; then the row goes too. It holds the id and two times, nothing else.
 */
export const deletedUsers = sqliteTable("deleted_users", {
  userId: text("user_id").primaryKey(),
  deletedAt: integer("deleted_at", { mode: "timestamp_ms" }).notNull(),
  /** The last sweep that found the user's prefix empty; null until one has. */
  sweptAt: integer("swept_at", { mode: "timestamp_ms" }),
});

/**
 * A buyer's watch on a search (docs/decisions/021-watches-and-email.md): one car of it (`carKey`)
 * or the whole search (null). It follows the search's newest version (`recommendationId` is the
 * version its targets were read from). Active while `stoppedAt` is null and `expiresAt` is ahead.
 * Every query is scoped by `user_id`, except the cron's and the queue consumer's, which read
 * across owners and write only rows of the watches they read.
 */
export const watches = sqliteTable(
  "watches",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    searchId: text("search_id").notNull(),
    recommendationId: text("recommendation_id").notNull(),
    /** The watched car's key (variant id or make/model); null watches every car of the search. */
    carKey: text("car_key"),
    /** What the list shows: the car's name, or the search's first car for a whole-search watch. */
    label: text("label").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    renewedAt: integer("renewed_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    stoppedAt: integer("stopped_at", { mode: "timestamp_ms" }),
    /** The ads listed at watch time are not known yet: the first check records them as the baseline. */
    baselinePending: integer("baseline_pending", { mode: "boolean" }).notNull().default(false),
    /** Only for the offline sign-in, whose address lives in the session cookie; Clerk's is read at send time. */
    localMailTo: text("local_mail_to"),
  },
  (table) => [index("watches_user_id_idx").on(table.userId), index("watches_expires_at_idx").on(table.expiresAt)],
);

/** One car a watch checks: the marketplace query (shared by every watch with the same `queryKey`) and the advice an ad must fit. */
export const watchTargets = sqliteTable(
  "watch_targets",
  {
    watchId: text("watch_id").notNull(),
    carKey: text("car_key").notNull(),
    carName: text("car_name").notNull(),
    /** SHA-256 of the canonical query: the unit of a queue message and of a Blocket fetch. */
    queryKey: text("query_key").notNull(),
    query: text("query", { mode: "json" }).$type<MarketplaceQuery>().notNull(),
    advice: text("advice", { mode: "json" }).$type<WatchAdvice>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.watchId, table.carKey] }), index("watch_targets_query_key_idx").on(table.queryKey)],
);

/** Every ad a watch has seen, with the price it was first and last seen at; `baseline` ads were listed at watch time. */
export const watchSeenAds = sqliteTable(
  "watch_seen_ads",
  {
    watchId: text("watch_id").notNull(),
    adKey: text("ad_key").notNull(),
    queryKey: text("query_key").notNull(),
    firstPrice: integer("first_price").notNull(),
    lastPrice: integer("last_price").notNull(),
    baseline: integer("baseline", { mode: "boolean" }).notNull(),
    firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.watchId, table.adKey] }), index("watch_seen_ads_query_key_idx").on(table.queryKey)],
);

/** An ad that fits a watch: new since the watch began, or dropped into its price window. Unique per watch, ad and kind (queue retries record it once). */
export const watchMatches = sqliteTable(
  "watch_matches",
  {
    watchId: text("watch_id").notNull(),
    adKey: text("ad_key").notNull(),
    kind: text("kind", { enum: ["new", "price-drop"] }).notNull(),
    userId: text("user_id").notNull(),
    carKey: text("car_key").notNull(),
    ad: text("ad", { mode: "json" }).$type<MarketplaceCar>().notNull(),
    foundAt: integer("found_at", { mode: "timestamp_ms" }).notNull(),
    /** Set by the digest that told the buyer; null until then. */
    mailedAt: integer("mailed_at", { mode: "timestamp_ms" }),
  },
  (table) => [primaryKey({ columns: [table.watchId, table.adKey, table.kind] }), index("watch_matches_user_id_idx").on(table.userId)],
);

/** One row per digest sent: the primary key keeps it to one a day per buyer. No address, no subject, no ads: what and when only. */
export const watchDigests = sqliteTable(
  "watch_digests",
  {
    userId: text("user_id").notNull(),
    /** UTC date, `YYYY-MM-DD`. */
    day: text("day").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    matchCount: integer("match_count").notNull(),
    reminderCount: integer("reminder_count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Blocket fetches made by watch checks per UTC day, against the daily cap (WATCH_DAILY_FETCH_CAP). */
export const watchFetchDays = sqliteTable("watch_fetch_days", {
  day: text("day").primaryKey(),
  fetches: integer("fetches").notNull(),
});

/** Development only: each digest exactly as it would have been sent (refused in production, where mail leaves through Email Service). */
export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    message: text("message", { mode: "json" }).$type<OutgoingMail>().notNull(),
  },
  (table) => [index("dev_outbox_user_id_idx").on(table.userId)],
);
