import type { RecommendationResult } from "#app/lib/saved-recommendation";

/**
 * Where the large part of a saved recommendation (its ranked cars with texts, ads and facts, about
 * 50 KB of JSON) lives, apart from the small D1 row (docs/decisions/009). Every key is under the
 * owner's prefix, so a caller can only ever reach its own user's objects, and deleting an account
 * can find every object (orphans of a failed save included) without asking D1.
 */
export type ResultStore = {
  /** Writes (or overwrites) the result. Called before the D1 row is inserted. */
  put(userId: string, id: string, result: RecommendationResult): Promise<void>;
  /** The stored document, unvalidated (the caller parses it), or null when there is none. */
  get(userId: string, id: string): Promise<unknown>;
  /** Deletes one result; deleting a missing one succeeds. */
  delete(userId: string, id: string): Promise<void>;
  /** Deletes every result under the user's prefix; returns how many were deleted. Idempotent. */
  deleteAllForUser(userId: string): Promise<number>;
};

/**
 * `u/<user>/` with the user id percent-encoded, so no user id can contain another's prefix
 * (a "/" in an id would otherwise let `u/a/` match `u/a/b/...`).
 */
export function userResultPrefix(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("A result key needs the owner's user id");
  return `u/${encodeURIComponent(userId)}/`;
}

export function resultKey(userId: string, id: string): string {
  return `${userResultPrefix(userId)}${encodeURIComponent(id)}`;
}
