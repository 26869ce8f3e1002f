import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dev server's first tap: every package a browser module imports must be pre-bundled
 * (`optimizeDeps.include` in vite.config.ts), or Vite discovers it on the first page that needs
 * it, re-bundles and reloads that page under the buyer's finger.
 */

const root = path.resolve(import.meta.dirname, "../..");

/** What React Router pre-bundles itself (its Vite plugin's own `optimizeDeps.include`). */
const PREBUNDLED_BY_REACT_ROUTER = /^(react|react-dom|react-router)(\/|$)/;

function declaredClientDependencies(): string[] {
  const config = readFileSync(path.join(root, "vite.config.ts"), "utf8");
  const list = /const CLIENT_DEPENDENCIES = \[([^\]]*)\]/.exec(config);
  if (!list) throw new Error("vite.config.ts has no CLIENT_DEPENDENCIES list");
  return [...(list[1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** Files under app/ that the client build can contain: everything but server-only modules. */
function browserModules(dir = path.join(root, "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "server" ? [] : browserModules(file);
    if (!/\.tsx?$/.test(entry.name) || /\.server\.tsx?$/.test(entry.name)) return [];
    if (["entry.server.tsx", "routes.ts"].includes(entry.name) && dir === path.join(root, "app")) return [];
    return [file];
  });
}

/** Bare package imports that survive into JavaScript (not `import type`), static or dynamic. */
function packageImports(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"/gm),
    ...source.matchAll(/^import\s+"([^"]+)"/gm),
    ...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((match) => match[1] ?? "");
  return specifiers.filter(
    (specifier) =>
      !/^[./#]/.test(specifier) &&
      // `cloudflare:workers`, `virtual:…`: provided by the runtime or a plugin, never bundled.
      !specifier.includes(":") &&
      // Server entry points (e.g. Clerk's `rootAuthLoader`): used only in loaders, which React
      // Router removes from the client build.
      !/\/server$/.test(specifier),
  );
}

describe("the dev server's pre-bundled browser dependencies", () => {
  const declared = declaredClientDependencies();
  const imported = new Map<string, string[]>();
  for (const file of browserModules()) {
    for (const specifier of packageImports(readFileSync(file, "utf8"))) {
      if (PREBUNDLED_BY_REACT_ROUTER.test(specifier)) continue;
      imported.set(specifier, [...(imported.get(specifier) ?? []), path.relative(root, file)]);
    }
  }

  it("lists every package a browser module imports", () => {
    const missing = [...imported].filter(([specifier]) => !declared.includes(specifier)).map(([specifier, files]) => `${specifier} (${files.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("lists nothing no browser module imports (each entry costs bundling time on every cold start)", () => {
    expect(declared.filter((specifier) => !imported.has(specifier))).toEqual([]);
  });

  it("reads imports the way the bundler sees them", () => {
    const source = [
      'import { z } from "zod";',
      'import type { Foo } from "types-only";',
      'import {\n  useForm,\n  type Submission,\n} from "@conform-to/react";',
      'import { rootAuthLoader } from "@clerk/react-router/server";',
      'import { env } from "cloudflare:workers";',
      'import { x } from "#app/lib/x";',
      'const Widget = lazy(() => import("@clerk/react-router"));',
    ].join("\n");
    expect(packageImports(source)).toEqual(["zod", "@conform-to/react", "@clerk/react-router"]);
  });
});
