import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { clearClerkCookies, deleteClerkUser } from "#app/server/auth/clerk-backend.server";
import { destroyLocalSession } from "#app/server/auth/local-session.server";
import type { Services } from "#app/server/services.server";
import { eraseAccountData } from "./erase-account.server";

// Our rows first, Clerk second: if Clerk fails, the user is still signed in, is told so and can press again; the other
// order would leave rows nobody can ask us to delete (docs/decisions/007-private-caching-and-account-lifecycle.md).

export type DeleteAccountResult =
  { ok: true; setCookies: string[]; resultsPending: boolean } | { ok: false; reason: "database-unavailable" } | { ok: false; reason: "clerk-unavailable" };

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
