import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { recommendationJobs, recommendations } from "#drizzle/schema";
import type { Database } from "./client.server";

// A row without a search id (written before versions) is a search of its own. Every statement is owner-scoped.

type VersionedTable = typeof recommendations | typeof recommendationJobs;

export function searchOf(table: VersionedTable): SQL<string> {
  return sql<string>`coalesce(${table.searchId}, ${table.id})`;
}

/** The owner's search's next version number (saved and running versions counted), settled in the writing statement. */
export function nextVersion(owner: string, searchId: string): SQL<number> {
  return sql<number>`(select coalesce(max(v), 0) + 1 from (
    select ${recommendations.version} as v from ${recommendations} where ${recommendations.userId} = ${owner} and ${searchOf(recommendations)} = ${searchId}
    union all
    select ${recommendationJobs.version} from ${recommendationJobs} where ${recommendationJobs.userId} = ${owner} and ${searchOf(recommendationJobs)} = ${searchId}))`;
}

/** Locked unless another version of the owner's search is unlocked: an unlock holds for the whole search. */
export function lockedUnlessSearchUnlocked(owner: string, searchId: string): SQL<boolean> {
  return sql<boolean>`(case when exists (select 1 from ${recommendations} where ${recommendations.userId} = ${owner} and ${searchOf(recommendations)} = ${searchId} and ${recommendations.isLocked} = 0) then 0 else 1 end)`;
}

/** A newer version exists (versions after the first always have a search id: the lookup uses the index). */
export function hasNewerVersion(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${recommendations} as newer where newer.user_id = ${recommendations.userId}
    and newer.search_id = ${searchOf(recommendations)} and newer.version > ${recommendations.version})`;
}

export type OlderVersion = { id: string; searchId: string; version: number; createdAt: Date; isLocked: boolean; topCarName: string | null };

const OLDER_VERSIONS_LIMIT = 100;

export async function listOlderVersionsForUser(owner: string, searchIds: readonly string[], db: Database): Promise<OlderVersion[]> {
  if (searchIds.length === 0) return [];
  return db
    .select({
      id: recommendations.id,
      searchId: searchOf(recommendations),
      version: recommendations.version,
      createdAt: recommendations.createdAt,
      isLocked: recommendations.isLocked,
      topCarName: recommendations.topCarName,
    })
    .from(recommendations)
    .where(and(eq(recommendations.userId, owner), inArray(searchOf(recommendations), [...searchIds]), hasNewerVersion()))
    .orderBy(desc(recommendations.version))
    .limit(OLDER_VERSIONS_LIMIT)
    .all();
}

export type SearchVersion = { id: string; version: number; createdAt: Date; topCarName: string | null };

/** Every saved version of the owner's search that `id` belongs to, newest first; empty for a foreign or missing id. */
export async function listSearchVersionsForUser(owner: string, id: string, db: Database): Promise<SearchVersion[]> {
  return db
    .select({ id: recommendations.id, version: recommendations.version, createdAt: recommendations.createdAt, topCarName: recommendations.topCarName })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.userId, owner),
        sql`${searchOf(recommendations)} = (select coalesce(mine.search_id, mine.id) from ${recommendations} as mine where mine.id = ${id} and mine.user_id = ${owner})`,
      ),
    )
    .orderBy(desc(recommendations.version))
    .limit(OLDER_VERSIONS_LIMIT)
    .all();
}
