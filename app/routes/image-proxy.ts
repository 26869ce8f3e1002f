import { proxyImage } from "#app/server/image-proxy.server";
import type { Route } from "./+types/image-proxy";

/**
 * `/bild?url=<https URL on Blocket's image CDN>`: marketplace thumbnails relayed through our own
 * origin (see app/server/image-proxy.server.ts for what is refused and why). Public like the
 * pictures themselves: it relays only images already public on Blocket's CDN, and browsers may
 * cache it. Exactly one `url` parameter; nothing else in the request changes its behaviour.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const targets = new URL(request.url).searchParams.getAll("url");
  return proxyImage(targets.length === 1 ? targets[0] : undefined);
}
