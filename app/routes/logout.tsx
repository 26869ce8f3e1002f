import { redirect } from "react-router";
import { authConfigFor, getClerkSessionId } from "#app/server/auth/auth.server";
import { clearClerkCookies, revokeClerkSession } from "#app/server/auth/clerk-backend.server";
import { destroyLocalSession } from "#app/server/auth/local-session.server";
import type { Route } from "./+types/logout";

/**
 * Revoked at Clerk's Backend API so the refresh token dies too; if Clerk is unreachable the cookies are
 * still cleared and the short-lived session token expires within a minute.
 */
export async function action(args: Route.ActionArgs) {
  const config = authConfigFor(args);
  if (config.provider === "clerk") {
    const sessionId = await getClerkSessionId(args);
    if (sessionId) {
      await revokeClerkSession(config, sessionId).catch((error: unknown) => {
        console.error("Sign-out: Clerk did not revoke the session", error);
      });
    }
    const headers = new Headers();
    for (const cookie of clearClerkCookies(args.request)) headers.append("Set-Cookie", cookie);
    throw redirect("/", { headers });
  }
  throw redirect("/", { headers: { "Set-Cookie": await destroyLocalSession(args.request, config) } });
}

/** A GET never signs anyone out (link prefetchers and crawlers would). */
export function loader() {
  throw redirect("/");
}
