import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ReadingCorrections } from "#app/lib/reading-corrections";
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
