import { redirect } from "react-router";
import { authConfigFor, getClerkSessionId } from "#app/server/auth/auth.server";
import { clearClerkCookies, revokeClerkSession } from "#app/server/auth/clerk-backend.server";
import { destroyLocalSession } from "#app/server/auth/local-session.server";
import type { Route } from "./+types/logout";

/**
 * Signing out changes state, so it is a POST (the CSRF and form checks in the root middleware
 * cover it): a plain form in both modes, so it works without JavaScript. With Clerk the session is
 * revoked at Clerk's Backend API, so the refresh token stops working too, and Clerk's cookies are
 * cleared here; if Clerk cannot be reached the cookies are still cleared and the short-lived
 * session token expires within a minute.
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
