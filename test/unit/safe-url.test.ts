import { describe, expect, it } from "vitest";
import { safeExternalUrl } from "#app/lib/safe-url";

describe("links from upstreams", () => {
  it("keeps https links and drops every other scheme", () => {
    expect(safeExternalUrl("https://www.blocket.se/mobility/item/123")).toBe("https://www.blocket.se/mobility/item/123");
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>",
      "http://www.blocket.se/x",
      "vbscript:x",
      "not a url",
      "",
      undefined,
    ]) {
      expect(safeExternalUrl(url)).toBeUndefined();
    }
  });
});
