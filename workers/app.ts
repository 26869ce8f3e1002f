import { createRequestHandler, RouterContextProvider } from "react-router";
import { cspNonceContext } from "#app/lib/csp-nonce";
import { createCspNonce, withSecurityHeaders } from "#app/server/security-headers.server";

// Durable Object classes must be exported from the Worker's main module.
export { RateLimiter } from "#app/server/rate-limit/rate-limiter.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const nonce = createCspNonce();
    const context = new RouterContextProvider();
    context.set(cspNonceContext, nonce);
    // Clerk (and anything else written for the Cloudflare adapter) reads bindings from here.
    Object.assign(context, { cloudflare: { env, ctx } });
    const response = await requestHandler(request, context);
    return withSecurityHeaders(response, { nonce, appEnv: env.APP_ENV });
  },
} satisfies ExportedHandler<Env>;
