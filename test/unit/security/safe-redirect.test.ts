import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirectPath } from "#app/lib/safe-redirect";

describe("return targets after sign-in", () => {
  it("keeps paths on our own site, with query and hash", () => {
    expect(safeRedirectPath("/recommendations/abc?sida=2#bil-3")).toBe("/recommendations/abc?sida=2#bil-3");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("refuses every way off-site and falls back to the recommendations", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "http:evil.example",
      "evil.example",
      " /recommendations",
      "",
      null,
      undefined,
      42,
    ]) {
      const result = safeRedirectPath(target);
      expect(new URL(result, "https://drombil.se").origin, String(target)).toBe("https://drombil.se");
      if (target !== "/%5Cevil.example") expect(result).toBe("/recommendations");
    }
  });

  it("whatever the input, the result resolves to our own origin", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/${s}`),
          fc.string().map((s) => `//${s}`),
        ),
        (target) => {
          const result = safeRedirectPath(target);
          expect(result.startsWith("/")).toBe(true);
          expect(result.startsWith("//")).toBe(false);
          expect(new URL(result, "https://drombil.se").origin).toBe("https://drombil.se");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("builds the sign-in link for the current page", () => {
    expect(loginPathFor("/recommendations/create")).toBe("/login?redirectTo=%2Frecommendations%2Fcreate");
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("/login?redirectTo=%2Fx")).toBe("/login");
  });
});
