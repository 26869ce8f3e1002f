import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { clearClerkCookies, deleteClerkUser } from "#app/server/auth/clerk-backend.server";
import { destroyLocalSession } from "#app/server/auth/local-session.server";
import type { Services } from "#app/server/services.server";
import { eraseAccountData } from "./erase-account.server";

/**
 * "Radera mitt konto": every row of the user goes in one D1 batch with a tombstone (all or
 * nothing), running jobs are stopped, the results in R2 are swept (a failed sweep is repeated by
 * the cron; the receipt says so), then the account itself: with Clerk the user is deleted through
 * Clerk's Backend API, locally the session simply ends (the local account is nothing but its rows).
 *
 * Order: our rows first, Clerk second. If Clerk cannot be reached, the user is still signed in,
 * is told exactly that, and can press the button again (deleting no rows again is fine). The
 * other order would leave a user who can no longer sign in with rows nobody can ask us to delete.
 */

export type DeleteAccountResult =
  /** `resultsPending`: the rows are gone, some results in R2 are left to the cron's sweep. */
  | { ok: true; setCookies: string[]; resultsPending: boolean }
  /** Nothing was deleted. */
  | { ok: false; reason: "database-unavailable" }
  /** The rows are deleted; the Clerk user is not (yet). */
  | { ok: false; reason: "clerk-unavailable" };

export async function deleteAccount(
  request: Request,
  userId: string,
  config: AuthConfig,
  store: Pick<Services, "db" | "results" | "creationJobs">,
): Promise<DeleteAccountResult> {
  let resultsPending: boolean;
  try {
    resultsPending = (await eraseAccountData(userId, store)).results === null;
  } catch (error) {
    console.error("Account deletion: D1 failed, nothing was deleted", error);
    return { ok: false, reason: "database-unavailable" };
  }

  if (config.provider === "clerk") {
    try {
      await deleteClerkUser(config, userId);
    } catch (error) {
      console.error("Account deletion: rows deleted, but Clerk did not delete the user", error);
      return { ok: false, reason: "clerk-unavailable" };
    }
    // Clerk has ended every session; the browser's still-valid short-lived token goes too.
    return { ok: true, setCookies: clearClerkCookies(request), resultsPending };
  }
  return { ok: true, setCookies: [await destroyLocalSession(request, config)], resultsPending };
}
