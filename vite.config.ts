import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The app is offline by design: Miniflare would otherwise try to download the `Request.cf`
// placeholder from workers.cloudflare.com on every `npm run dev` / `vite preview` and print an
// ENOTFOUND stack trace when it cannot. Miniflare reads this variable (set it to "true" to fetch).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// @react-router/dev 7.x starts its internal Vite servers (config loader, type generation, child
// compiler) with `envFile: false`, which Vite 8.1+ reports as deprecated once per server: three
// lines on every `npm run dev` and build. Vite still honours it (as `envDir: false`), and those
// servers take no logger of ours, so this one message is dropped; React Router 8 passes
// `envDir: false` instead (remix-run/react-router#15229). Every other warning passes through.
const ENV_FILE_DEPRECATION = "The `envFile` option is deprecated";
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === "string" && args[0].includes(ENV_FILE_DEPRECATION)) return;
  warn(...args);
};

/**
 * Packages the browser imports, bundled by Vite's dependency optimizer before the first page is
 * served. React Router scans no route modules for them (that is its `unstable_optimizeDeps`), so
 * without this list Vite finds them only when a page first imports them, re-bundles, answers
 * "504 Outdated Optimize Dep" and reloads the page: after a fresh install the first tap on the
 * landing page (the sign-in dialog: conform + zod) and the first visit of a Clerk page were lost.
 * React, React DOM and React Router are pre-bundled by React Router itself.
 * test/unit/optimize-deps.test.ts fails when a browser module imports a package missing here.
 */
const CLIENT_DEPENDENCIES = ["@clerk/localizations/sv-SE", "@clerk/react-router", "@conform-to/react", "@conform-to/zod/v4", "zod"];

/**
 * Small modules that several routes share would each be a chunk of their own (0.2–1.1 KB gzip),
 * and every one is a request: Lighthouse's mobile simulation (and a phone on HTTP/1.1) fetches at
 * most six at a time, so 16 script files on the result page waited in three rounds of a 150 ms
 * round trip before the first paint. Two groups instead: what the root route and the header load
 * on every page, and what the signed-in pages (create, result, list) share. A module in a group
 * is in exactly one chunk, so module state (React contexts) is never duplicated.
 */
const SHARED_CHUNKS = [
  // Kept as two files as before (React DOM; React and React Router): the shell group would otherwise
  // pull them in, and two files arrive sooner than one over two connections in slow start.
  { name: "react-dom", priority: 2, test: /\/node_modules\/(react-dom|scheduler)\// },
  { name: "react-router", priority: 2, test: /\/node_modules\/(react|react-router|cookie|set-cookie-parser|turbo-stream)\// },
  { name: "shell", test: /\/app\/(components\/(error-boundary|local-sign-in-trigger)|lib\/(seo|safe-redirect|search-options))\.tsx?$|preload-helper/ },
  { name: "signed-in", test: /\/app\/(components\/(create-progress|delete-recommendation-form)|lib\/(format|failure-copy))\.tsx?$/ },
];

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: {
      // The server inlines the stylesheet (root.tsx, `app.css?inline`); Tailwind's plugin writes no
      // source map for generated CSS, and a map of a CSS string inside JavaScript would point at
      // nothing anyone debugs. Only that one notice is dropped.
      onwarn(warning, warn) {
        if (warning.code === "SOURCEMAP_BROKEN" && warning.plugin?.startsWith("@tailwindcss/vite")) return;
        warn(warning);
      },
    },
  },
  environments: { client: { build: { rollupOptions: { output: { codeSplitting: { groups: SHARED_CHUNKS } } } } } },
  optimizeDeps: { include: CLIENT_DEPENDENCIES },
});
