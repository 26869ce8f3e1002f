import type { RecommendationResult } from "#app/lib/saved-recommendation";

// Every key is under the owner's prefix: a caller reaches only its own user's objects, and account deletion finds every
// object, orphans of a failed save included, without D1 (docs/decisions/009-results-in-r2.md).
export type ResultStore = {
  put(userId: string, id: string, result: RecommendationResult): Promise<void>;
  /** Unvalidated: the caller parses it. */
  get(userId: string, id: string): Promise<unknown>;
  delete(userId: string, id: string): Promise<void>;
  deleteAllForUser(userId: string): Promise<number>;
};

/** The id percent-encoded: a "/" in an id would otherwise let `u/a/` match `u/a/b/…`. */
export function userResultPrefix(userId: string): string {
  if (typeof userId !== "string" || userId.trim() === "") throw new Error("A result key needs the owner's user id");
  return `u/${encodeURIComponent(userId)}/`;
}

export function resultKey(userId: string, id: string): string {
  return `${userResultPrefix(userId)}${encodeURIComponent(id)}`;
}
