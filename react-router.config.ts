import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Required by @cloudflare/vite-plugin (the SSR environment runs inside workerd).
    v8_viteEnvironmentApi: true,
    // Middleware: security headers context today, clerkMiddleware in the auth issue.
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: true,
  },
} satisfies Config;
