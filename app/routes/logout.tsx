import { redirect } from "react-router";
import { getAuthConfig } from "#app/server/auth/auth.server";
import { destroyLocalSession } from "#app/server/auth/local-session.server";
import type { Route } from "./+types/logout";

/** Signing out changes state, so it is a POST (the CSRF check in the root middleware covers it). */
export async function action({ request }: Route.ActionArgs) {
  const config = getAuthConfig();
  // With Clerk, the browser SDK's SignOutButton ends the Clerk session; nothing to clear here.
  if (config.provider === "clerk") throw redirect("/");
  throw redirect("/", { headers: { "Set-Cookie": await destroyLocalSession(request, config) } });
}

/** A GET never signs anyone out (link prefetchers and crawlers would). */
export function loader() {
  throw redirect("/");
}
