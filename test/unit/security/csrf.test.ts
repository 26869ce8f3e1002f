import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "#app/server/auth/csrf.server";

const post = (headers: Record<string, string>, url = "https://drombil.se/login") => new Request(url, { method: "POST", headers });

describe("CSRF: state-changing requests must come from our own origin", () => {
  it("lets safe methods through regardless of origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isSameOriginRequest(new Request("https://drombil.se/", { method, headers: { "Sec-Fetch-Site": "cross-site" } }))).toBe(true);
    }
  });

  it("accepts same-origin form posts", () => {
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-origin", Origin: "https://drombil.se" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "https://drombil.se" }))).toBe(true);
  });

  it("refuses cross-site, same-site, user-initiated and origin-less posts", () => {
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "cross-site", Origin: "https://drombil.se" }))).toBe(false);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "same-site", Origin: "https://blogg.drombil.se" }))).toBe(false);
    expect(isSameOriginRequest(post({ "Sec-Fetch-Site": "none" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "http://drombil.se" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isSameOriginRequest(new Request("https://drombil.se/x", { method, headers: { Origin: "https://evil.example" } }))).toBe(false);
    }
  });
});
