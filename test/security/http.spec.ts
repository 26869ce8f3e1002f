import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { buildInput } from "#test/fixtures/recommendations";
import { lockedMarkers, markedResult } from "./markers";
import { baseUrl, sameOrigin, seedRecommendations, signInOverHttp, snapshotServedRecommendations } from "./served-app";

/**
 * The security suite over HTTP, against the built app served by `wrangler dev` (development vars):
 * real routing, the layout chain, `.data` single-fetch requests, the Worker's security headers.
 */

const OWNER = "http-agare@example.se";
const NEIGHBOUR = "http-granne@example.se";
const OTHER = "http-upplast@example.se";
const CARS = 4;
/** Whose rows the before/after comparisons read: other specs write to the same app meanwhile. */
const USERS = [OWNER, NEIGHBOUR, OTHER];

let ownerCookie: string;
let neighbourCookie: string;
let otherCookie: string;
let lockedId: string;
let unlockedId: string;

beforeAll(async () => {
  [lockedId = "", unlockedId = ""] = await seedRecommendations([
    { email: OWNER, input: buildInput({ description: "ÄGARENS-ÖNSKEMÅL över HTTP med släpvagn" }), recommendation: markedResult(CARS), isLocked: true },
    { email: OTHER, input: buildInput(), recommendation: markedResult(CARS), isLocked: false },
  ]);
  [ownerCookie, neighbourCookie, otherCookie] = await Promise.all([signInOverHttp(OWNER), signInOverHttp(NEIGHBOUR), signInOverHttp(OTHER)]);
}, 60_000);

function request(path: string, init: { method?: string; cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const method = init.method ?? "GET";
  return fetch(`${baseUrl()}${path}`, {
    method,
    redirect: "manual",
    headers: { ...(method === "GET" || method === "HEAD" ? {} : sameOrigin()), ...init.headers, ...(init.cookie ? { Cookie: init.cookie } : {}) },
    ...(init.form ? { body: new URLSearchParams(init.form) } : {}),
  });
}

/** Every route and method touching a recommendation, as the browser sends it (documents, `.data`, form posts). */
const HTTP_ACCESS_MATRIX: readonly { name: string; method: "GET" | "POST"; path: (id: string) => string; form?: (id: string) => Record<string, string> }[] = [
  { name: "detail page", method: "GET", path: (id) => `/recommendations/${id}` },
  { name: "detail route data", method: "GET", path: (id) => `/recommendations/${id}.data` },
  { name: "detail comparison data", method: "GET", path: (id) => `/recommendations/${id}.data?jamfor=1&jamfor=2` },
  { name: "unlock page", method: "GET", path: (id) => `/recommendations/${id}/unlock` },
  { name: "unlock route data", method: "GET", path: (id) => `/recommendations/${id}/unlock.data` },
  { name: "unlock form post", method: "POST", path: (id) => `/recommendations/${id}/unlock`, form: () => ({}) },
  { name: "unlock fetch post (JS)", method: "POST", path: (id) => `/recommendations/${id}/unlock.data`, form: () => ({}) },
  { name: "reading page", method: "GET", path: (id) => `/recommendations/${id}/tolkning` },
  { name: "reading route data", method: "GET", path: (id) => `/recommendations/${id}/tolkning.data` },
  { name: "reading correction form post", method: "POST", path: (id) => `/recommendations/${id}/tolkning`, form: () => ({ "andra.minSeats": "5" }) },
  { name: "reading correction fetch post (JS)", method: "POST", path: (id) => `/recommendations/${id}/tolkning.data`, form: () => ({ "andra.minSeats": "5" }) },
  { name: "delete form post", method: "POST", path: () => "/recommendations", form: (id) => ({ intent: "delete", id }) },
  { name: "delete fetch post (JS)", method: "POST", path: () => "/recommendations.data", form: (id) => ({ intent: "delete", id }) },
];

/** The requester already knows the id (an error page may echo their own URL); with `listing` it must not appear either. */
function expectNothingOfTheOwner(body: string, { listing = false } = {}) {
  if (listing) expect(body).not.toContain(lockedId);
  expect(body).not.toContain("ÄGARENS-ÖNSKEMÅL");
  expect(body).not.toContain("Modell 1");
  for (const marker of lockedMarkers(CARS)) expect(body).not.toContain(marker);
}

describe("over HTTP: another buyer and a signed-out visitor get nothing of the owner's", () => {
  it("every row of the matrix: another buyer 404, signed out 401, and the database is unchanged", async () => {
    const before = await snapshotServedRecommendations(USERS);
    const failures: string[] = [];
    for (const row of HTTP_ACCESS_MATRIX) {
      for (const [who, cookie, expected] of [
        ["another buyer", neighbourCookie, 404],
        ["signed out", undefined, 401],
      ] as const) {
        const response = await request(row.path(lockedId), { method: row.method, cookie, form: row.form?.(lockedId) });
        if (response.status !== expected) failures.push(`${row.method} ${row.name} as ${who}: ${response.status}, expected ${expected}`);
        expectNothingOfTheOwner(await response.text());
        if (response.headers.get("Set-Cookie")) failures.push(`${row.name} as ${who} set a cookie`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotServedRecommendations(USERS)).toBe(before);
    // The owner still gets it, still locked: the matrix refused strangers, not everyone.
    const own = await request(`/recommendations/${lockedId}`, { cookie: ownerCookie });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Rekommendationen är låst");
  });

  it("another buyer's list, create page and export never mention the owner's recommendation", async () => {
    for (const path of ["/recommendations", "/recommendations.data", "/recommendations/create", "/recommendations/create.data", "/recommendations/export"]) {
      const response = await request(path, { cookie: neighbourCookie });
      expect(response.status, path).toBe(200);
      expectNothingOfTheOwner(await response.text(), { listing: true });
    }
  });
});

describe("over HTTP: locked content is absent from HTML and route data", () => {
  const ownerPaths = (id: string) => [
    `/recommendations/${id}`,
    `/recommendations/${id}.data`,
    `/recommendations/${id}?jamfor=1&jamfor=2&jamfor=3&jamfor=4`,
    `/recommendations/${id}.data?jamfor=1&jamfor=2&jamfor=3&jamfor=4`,
    `/recommendations/${id}/unlock`,
    `/recommendations/${id}/unlock.data`,
    "/recommendations",
    "/recommendations.data",
    "/recommendations/create",
    "/recommendations/export",
  ];

  it("no page or data request of the owner's locked recommendation contains a locked field of ranks 2 and up", async () => {
    for (const path of ownerPaths(lockedId)) {
      const response = await request(path, { cookie: ownerCookie });
      expect(response.status, path).toBe(200);
      const body = await response.text();
      for (const marker of lockedMarkers(CARS)) expect(body, `${path} leaks ${marker}`).not.toContain(marker);
    }
  });

  it("the unlocked twin's page and data carry every marker (the check would see a leak)", async () => {
    for (const path of [`/recommendations/${unlockedId}`, `/recommendations/${unlockedId}.data`]) {
      const body = await (await request(path, { cookie: otherCookie })).text();
      for (const marker of lockedMarkers(CARS)) expect(body, path).toContain(marker);
    }
  });
});

describe("over HTTP: CSRF", () => {
  it("every action refuses cross-site, same-site and origin-less posts with 403, and nothing changes", async () => {
    const before = await snapshotServedRecommendations(USERS);
    const actions: [string, Record<string, string>][] = [
      ["/login", { email: "angripare@example.se", redirectTo: "/recommendations" }],
      ["/logout", {}],
      [
        "/recommendations/create",
        { description: "Säker familjebil med dragkrok och plats för hunden", maxPrice: "250000", carType: "kombi", sellerType: "alla" },
      ],
      [`/recommendations/${lockedId}/unlock`, {}],
      [`/recommendations/${lockedId}/unlock.data`, {}],
      ["/recommendations", { intent: "delete", id: lockedId }],
      ["/recommendations.data", { intent: "delete", id: lockedId }],
      ["/konto/radera", { confirmation: "RADERA" }],
      ["/konto/radera.data", { confirmation: "RADERA" }],
    ];
    const forged: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://blogg.drombil.se", "Sec-Fetch-Site": "same-site" },
      { Origin: "null" },
      {},
    ];
    for (const [path, form] of actions) {
      for (const headers of forged) {
        const response = await fetch(new URL(path, baseUrl()), {
          method: "POST",
          redirect: "manual",
          body: new URLSearchParams(form),
          headers: { ...headers, Cookie: ownerCookie },
        });
        // Our middleware answers 403; React Router's own action-origin check may answer 400 first
        // when the Origin header names another site. Either way the action never runs.
        expect([400, 403], `${path} ${JSON.stringify(headers)}`).toContain(response.status);
        expect(response.headers.get("Set-Cookie"), path).toBeNull();
      }
    }
    expect(await snapshotServedRecommendations(USERS)).toBe(before);
    // The owner is still signed in (the forged logout did nothing).
    expect((await request("/recommendations", { cookie: ownerCookie })).status).toBe(200);
  });
});

type HeaderCase = { name: string; path: () => string; init?: Parameters<typeof request>[1]; status: number };

const PAGE_TYPES: readonly HeaderCase[] = [
  { name: "landing (HTML)", path: () => "/", status: 200 },
  {
    name: "signed-in detail (HTML)",
    path: () => `/recommendations/${lockedId}`,
    init: {
      get cookie() {
        return ownerCookie;
      },
    },
    status: 200,
  },
  {
    name: "route data (.data)",
    path: () => `/recommendations/${lockedId}.data`,
    init: {
      get cookie() {
        return ownerCookie;
      },
    },
    status: 200,
  },
  {
    name: "export (JSON attachment)",
    path: () => "/recommendations/export",
    init: {
      get cookie() {
        return ownerCookie;
      },
    },
    status: 200,
  },
  { name: "health check", path: () => "/healthz", status: 200 },
  { name: "image proxy refusal", path: () => "/bild?url=https%3A%2F%2F169.254.169.254%2Flatest", status: 403 },
  { name: "401 error page", path: () => "/recommendations", status: 401 },
  { name: "404 error page", path: () => "/finns-inte-alls", status: 404 },
  { name: "404 route data", path: () => "/finns-inte-alls.data", status: 404 },
  {
    name: "403 CSRF refusal",
    path: () => "/login",
    init: { method: "POST", form: { email: "a@b.se" }, headers: { "Sec-Fetch-Site": "cross-site" } },
    status: 403,
  },
  {
    name: "400 foreign-origin refusal",
    path: () => "/login",
    init: { method: "POST", form: { email: "a@b.se" }, headers: { Origin: "https://evil.example" } },
    status: 400,
  },
  { name: "redirect after sign-in", path: () => "/login", init: { method: "POST", form: { email: "rubrik@example.se" } }, status: 302 },
  { name: "redirect from GET /logout", path: () => "/logout", status: 302 },
];

describe("over HTTP: security headers on every page type (development)", () => {
  for (const page of PAGE_TYPES) {
    it(`${page.name}: strict CSP with a nonce, framing, sniffing, referrer and permissions locked down, no HSTS on localhost`, async () => {
      const response = await request(page.path(), page.init);
      expect(response.status).toBe(page.status);
      const csp = response.headers.get("content-security-policy") ?? "";
      const directive = (name: string) => csp.split(/;\s*/).find((part) => part.startsWith(`${name} `)) ?? "";
      expect(directive("script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(directive("object-src")).toBe("object-src 'none'");
      expect(directive("base-uri")).toBe("base-uri 'self'");
      expect(directive("form-action")).toBe("form-action 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      // HSTS would pin localhost to https; production's is checked in security-headers.test.ts.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    });
  }

  it("every inline script of a page carries that response's nonce, and the nonce differs per response", async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 3; index++) {
      const response = await request(`/recommendations/${lockedId}`, { cookie: ownerCookie });
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) {
        if (/\bsrc=/.test(attributes)) continue;
        expect(attributes).toContain(`nonce="${nonce}"`);
      }
      expect(html).not.toMatch(/\son[a-z]+=["']/i);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const response = await request("/login", { method: "POST", form: { email: "kaka@example.se" } });
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
  });
});

describe("over HTTP: Cache-Control, private by default", () => {
  const signedInPaths = () => [
    "/recommendations",
    "/recommendations.data",
    `/recommendations/${lockedId}`,
    `/recommendations/${lockedId}.data`,
    `/recommendations/${lockedId}/unlock`,
    `/recommendations/${lockedId}/tolkning`,
    "/recommendations/tolkning",
    "/recommendations/create",
    "/recommendations/export",
    "/konto/radera",
    "/integritetspolicy",
    "/anvandarvillkor",
    "/",
    "/healthz",
    "/finns-inte-alls",
    "/bild?url=https%3A%2F%2Fevil.example%2Fa.jpg",
  ];

  it("every response to a signed-in request is private, no-store: documents, .data, resource routes, redirects, errors", async () => {
    for (const path of signedInPaths()) {
      const response = await request(path, { cookie: ownerCookie });
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const post = await request("/login", { method: "POST", cookie: ownerCookie, form: { email: "ny@example.se" } });
    expect(post.headers.get("cache-control")).toBe("private, no-store");
  });

  it("signed out, only the landing, terms and privacy pages may be cached publicly", async () => {
    for (const path of ["/", "/anvandarvillkor", "/integritetspolicy"]) {
      const response = await request(path);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=300");
      expect(response.headers.get("vary"), path).toMatch(/Cookie/i);
    }
    for (const path of ["/login", "/recommendations", "/konto/radera", "/finns-inte-alls", "/integritetspolicy.data", "/logout"]) {
      const response = await request(path);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("static assets are cached publicly for a year (Cloudflare serves them before the Worker)", async () => {
    const html = await (await request("/")).text();
    // The stylesheet is inlined into the page; the hashed scripts are the assets a page references.
    const asset = /(?:href|src)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await request(asset ?? "");
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/public/);
  });
});

describe("over HTTP: bodies that are not a form never reach an action", () => {
  it("JSON, plain text, garbage and oversized bodies on every action: 4xx, never 5xx, nothing written, still signed in", async () => {
    const before = await snapshotServedRecommendations(USERS);
    const paths = [
      "/login",
      "/logout",
      "/recommendations/create",
      "/recommendations/create.data",
      `/recommendations/${lockedId}/unlock`,
      `/recommendations/${lockedId}/unlock.data`,
      "/recommendations",
      "/recommendations.data",
      "/konto/radera",
      "/konto/radera.data",
    ];
    const bodies: [string, string | undefined, BodyInit][] = [
      ["json", "application/json", JSON.stringify({ intent: "delete", id: lockedId, confirmation: "RADERA" })],
      ["text", "text/plain", "confirmation=RADERA"],
      ["garbage", undefined, new Uint8Array([0, 159, 146, 150, 255])],
      ["broken multipart", "multipart/form-data; boundary=x", "not multipart at all"],
      ["oversized form", "application/x-www-form-urlencoded", `confirmation=${"x".repeat(300 * 1024)}`],
    ];
    const failures: string[] = [];
    for (const path of paths) {
      for (const [name, type, body] of bodies) {
        const response = await fetch(`${baseUrl()}${path}`, {
          method: "POST",
          redirect: "manual",
          body,
          headers: { ...sameOrigin(), Cookie: ownerCookie, ...(type ? { "Content-Type": type } : {}) },
        });
        const text = await response.text();
        if (response.status < 400 || response.status >= 500) failures.push(`${path} ${name}: ${response.status} ${text.slice(0, 200)}`);
        if (!path.endsWith(".data") && !/Förfrågan|Formuläret/.test(text)) failures.push(`${path} ${name}: no Swedish explanation`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotServedRecommendations(USERS)).toBe(before);
    expect((await request("/recommendations", { cookie: ownerCookie })).status).toBe(200);
  });

  it("the Clerk webhook does not exist in the local mode (no secret): 404, not a 5xx", async () => {
    const response = await fetch(`${baseUrl()}/webhooks/clerk`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("over HTTP: redirects and hostile URLs", () => {
  it("no URL trick makes the server redirect off-site", async () => {
    const paths = [
      "//evil.example/",
      "//evil.example/%2e%2e",
      "//",
      "///",
      "//?x=1",
      "/\\evil.example/",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/recommendations/",
      "/login/",
      "/login?redirectTo=%2F%2Fevil.example",
      "/login?redirectTo=https%3A%2F%2Fevil.example",
      "/login?redirectTo=%2F%5Cevil.example",
    ];
    for (const path of paths) {
      for (const cookie of [undefined, ownerCookie]) {
        const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
        expect(response.status, path).toBeLessThan(500);
        const location = response.headers.get("location");
        if (location !== null) expect(new URL(location, baseUrl()).origin, `${path} → ${location}`).toBe(baseUrl());
      }
    }
  });

  it("fuzzed paths, queries and methods never get a 5xx", async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 30 }).map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, "\ufffd"))),
      fc.constantFrom("recommendations", "create", "export", "unlock", lockedId, ".data", "%00", "%ZZ", "..", "bild", "login", "_root.data"),
    );
    const query = fc.array(
      fc.tuple(fc.constantFrom("jamfor", "cursor", "url", "redirectTo", "error", "index", "_routes", "borttagen"), fc.string({ maxLength: 40 })),
      { maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        query,
        fc.constantFrom("GET", "HEAD", "POST"),
        fc.boolean(),
        async (segments, params, method, signedIn) => {
          const search = new URLSearchParams(params.map(([key, value]) => [key, value.replace(/[\ud800-\udfff]/gu, "\ufffd")]));
          const path = `/${segments.join("/")}?${search}`;
          const response = await request(path, { method, cookie: signedIn ? ownerCookie : undefined, ...(method === "POST" ? { form: {} } : {}) });
          await response.arrayBuffer();
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
    expect(await snapshotServedRecommendations()).toContain(lockedId);
  });
});
