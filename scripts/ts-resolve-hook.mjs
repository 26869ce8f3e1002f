/**
 * Lets plain `node` (22.18+, type stripping on by default) run scripts that import the app's
 * TypeScript: the app's imports leave out ".ts" (`#app/lib/format`, `./catalogue-data`), which
 * Vite resolves but Node does not. Import this module first, then import app modules dynamically:
 *
 *   await import("./ts-resolve-hook.mjs");
 *   const { something } = await import("../app/lib/something.ts");
 */
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const local = specifier.startsWith(".") || specifier.startsWith("#");
      if (local && !/\.[cm]?[jt]sx?$/.test(specifier)) return nextResolve(`${specifier}.ts`, context);
      throw error;
    }
  },
});
