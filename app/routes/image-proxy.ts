import { limitMessage } from "#app/lib/failure-copy";
import { proxyImage } from "#app/server/image-proxy.server";
import { clientAddress } from "#app/server/rate-limit/client-address.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/image-proxy";

/**
 * `/bild?url=<https URL on Blocket's image CDN>`: marketplace thumbnails relayed through our own
 * origin (see app/server/image-proxy.server.ts for what is refused and why). Open to signed-out
 * visitors like the pictures themselves, so it is limited per client IP: every upstream fetch (a
 * cache miss) costs one admission of the `image` limit; cached answers cost nothing. Exactly one
 * `url` parameter; nothing else in the request changes its behaviour.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { rateLimits } = servicesFrom(context);
  const targets = new URL(request.url).searchParams.getAll("url");
  return proxyImage(targets.length === 1 ? targets[0] : undefined, {
    admitUpstreamFetch: async () => {
      const decision = await rateLimits.hit("image", clientAddress(request));
      return decision.allowed
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, message: limitMessage("image", decision.retryAfterSeconds) };
    },
  });
}
