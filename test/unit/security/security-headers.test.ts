import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createCspNonce, securityHeaders, withSecurityHeaders } from "#app/server/security-headers.server";

describe("security headers", () => {
  it("allows inline scripts only through the response's nonce", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", appEnv: "production" });
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
  });

  it("sends HSTS in production but not in local development", () => {
    expect(securityHeaders({ nonce: "n", appEnv: "production" })["Strict-Transport-Security"]).toMatch(/max-age=\d{8,}/);
    expect(securityHeaders({ nonce: "n", appEnv: "development" })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("sets the baseline on a response without dropping its own headers", () => {
    const response = withSecurityHeaders(new Response("hej", { status: 201, headers: { "Content-Type": "text/plain", "Referrer-Policy": "no-referrer" } }), {
      nonce: "n",
      appEnv: "production",
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toBe("text/plain");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("makes a fresh 128-bit nonce per call", () => {
    const nonces = new Set(Array.from({ length: 100 }, createCspNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});
