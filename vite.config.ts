import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The app is offline by design: Miniflare would otherwise try to download the `Request.cf`
// placeholder from workers.cloudflare.com on every `npm run dev` / `vite preview` and print an
// ENOTFOUND stack trace when it cannot. Miniflare reads this variable (set it to "true" to fetch).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    // Browser deps Vite's scan of the route modules does not find up front (Clerk's client is only
    // imported dynamically): without them the first visit after a fresh install gets a 504
    // "Outdated Optimize Dep" and a full reload while Vite re-bundles.
    include: ["@clerk/react-router", "@clerk/localizations/sv-SE"],
  },
});
