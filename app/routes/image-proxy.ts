import { limitMessage } from "#app/lib/failure-copy";
import { proxyImage } from "#app/server/image-proxy.server";
import { clientAddress } from "#app/server/rate-limit/client-address.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/image-proxy";

/** Open to signed-out visitors, so limited per IP; only upstream fetches (cache misses) cost an admission. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { rateLimits, marketplace } = servicesFrom(context);
  const targets = new URL(request.url).searchParams.getAll("url");
  return proxyImage(targets.length === 1 ? targets[0] : undefined, {
    marketplaceOff: marketplace.source === "off",
    admitUpstreamFetch: async () => {
      const decision = await rateLimits.hit("image", clientAddress(request));
      return decision.allowed
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, message: limitMessage("image", decision.retryAfterSeconds) };
    },
  });
}
