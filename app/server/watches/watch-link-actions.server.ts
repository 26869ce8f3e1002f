import type { Services } from "#app/server/services.server";
import { linkSecretOf, verifyWatchLink, type WatchLink } from "./watch-links.server";
import { renewWatchForUser, stopAllWatchesForUser } from "./watch-store.server";

// The digest's links act without a session: the signature is the permission, and each link does only its one thing.

/** The path a mail client's one-click unsubscribe (RFC 8058) posts to; workers/app.ts answers it before React Router. */
export const ONE_CLICK_PATH = "/bevakning/avregistrera";

export async function verifiedLink(token: string | null, appEnv: Services["appEnv"]): Promise<WatchLink | null> {
  return verifyWatchLink(token, linkSecretOf(appEnv));
}

export async function actOnLink(link: WatchLink, db: Services["db"], now = new Date()): Promise<boolean> {
  if (link.action === "stop-all") {
    await stopAllWatchesForUser(link.userId, db, now);
    return true;
  }
  return renewWatchForUser(link.userId, link.watchId, db, now);
}

/**
 * A mail provider's one-click POST comes from its servers, cross-site and without a session, so the root middleware's same-origin rule would refuse it: the
 * signed token in the URL stands in for both. A GET (a scanner or a person) only leads to the confirm page, which acts on a button.
 */
export async function handleOneClick(request: Request, services: Pick<Services, "appEnv" | "db">): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  if (request.method === "GET" || request.method === "HEAD") {
    return new Response(null, { status: 303, headers: { Location: `/bevakning/avsluta?t=${encodeURIComponent(token ?? "")}` } });
  }
  if (request.method !== "POST") return new Response("Metoden stöds inte.", { status: 405, headers: { Allow: "GET, POST" } });
  const link = await verifiedLink(token, services.appEnv);
  if (!link || link.action !== "stop-all") return new Response("Länken är ogiltig.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await actOnLink(link, services.db);
  return new Response("Dina bevakningar är avslutade.", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
