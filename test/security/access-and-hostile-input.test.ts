import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { action as detailDeleteAction, loader as listLoader } from "#app/routes/recommendations";
import { loader as detailLoader } from "#app/routes/recommendation";
import { action as unlockAction, loader as unlockLoader } from "#app/routes/recommendation-unlock";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { action as createAction, loader as createLoader } from "#app/routes/recommendations-create";
import { loader as imageLoader } from "#app/routes/image-proxy";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { run, type Session, signIn } from "#test/setup/route-harness";

type Snapshot = { rows: string };

async function snapshot(): Promise<Snapshot> {
  const { results } = await env.DB.prepare("select id, user_id, is_locked, input, recommendation from recommendations order by id").all();
  return { rows: JSON.stringify(results) };
}

let owner: Session;
let stranger: Session;
let id: string;

beforeAll(async () => {
  owner = await signIn("agaren@example.se");
  stranger = await signIn("framlingen@example.se");
  id = (await createRecommendationForUser(owner.userId, { input: buildInput(), recommendation: buildResult(3) })).id;
});

/** Every route and method that touches a recommendation. Add a row when you add one. */
const ACCESS_MATRIX = [
  { name: "detail GET", handler: detailLoader, method: "GET", path: () => `/recommendations/${id}`, params: () => ({ id }) },
  { name: "unlock POST", handler: unlockAction, method: "POST", path: () => `/recommendations/${id}/unlock`, params: () => ({ id }) },
  { name: "delete POST", handler: detailDeleteAction, method: "POST", path: () => "/recommendations", fields: () => ({ intent: "delete", id }) },
] as const;

describe("access: a second user and a signed-out visitor get nothing and change nothing", () => {
  for (const row of ACCESS_MATRIX) {
    it(`${row.name}: another user → 404, signed out → 401, database unchanged`, async () => {
      const before = await snapshot();
      const options = { method: row.method, params: "params" in row ? row.params() : {}, ...("fields" in row ? { fields: row.fields() } : {}) };
      expect((await run(row.handler, row.path(), { ...options, cookie: stranger.cookie })).status).toBe(404);
      expect((await run(row.handler, row.path(), options)).status).toBe(401);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("list, export, create and the unlock page answer 401 when signed out", async () => {
    for (const [handler, path, method] of [
      [listLoader, "/recommendations", "GET"],
      [exportLoader, "/recommendations/export", "GET"],
      [createLoader, "/recommendations/create", "GET"],
      [createAction, "/recommendations/create", "POST"],
    ] as const) {
      const before = await snapshot();
      expect((await run(handler, path, { method, fields: method === "POST" ? { description: "x".repeat(20) } : undefined })).status, path).toBe(401);
      expect(await snapshot()).toEqual(before);
    }
    // The unlock page itself loads nothing, but the action is guarded (matrix above).
    expect((await run(unlockLoader, `/recommendations/${id}/unlock`, { params: { id } })).status).toBe(200);
  });

  it("the stranger's list and export never contain the owner's recommendation", async () => {
    const list = await (await run(listLoader, "/recommendations", { cookie: stranger.cookie })).text();
    const exported = await (await run(exportLoader, "/recommendations/export", { cookie: stranger.cookie })).text();
    expect(list).not.toContain(id);
    expect(exported).not.toContain(id);
  });
});

describe("CSRF on every action", () => {
  const actions = [
    ["login", loginAction, "/login", {}],
    ["create", createAction, "/recommendations/create", {}],
    ["unlock", unlockAction, `/recommendations/ID/unlock`, { id: "ID" }],
    ["delete", detailDeleteAction, "/recommendations", {}],
  ] as const;
  for (const [name, handler, path, params] of actions) {
    it(`${name}: cross-site, same-site and origin-less posts are refused with 403 and change nothing`, async () => {
      for (const headers of <Record<string, string>[]>[{ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, {}]) {
        const before = await snapshot();
        const resolvedPath = path.replace("ID", id);
        const resolvedParams = Object.fromEntries(Object.entries(params).map(([key]) => [key, id]));
        const response = await run(handler, resolvedPath, {
          method: "POST",
          cookie: owner.cookie,
          headers,
          params: resolvedParams,
          fields: { intent: "delete", id, email: "a@b.se", description: "Säker familjebil med dragkrok", maxPrice: "200000", carType: "alla", sellerType: "alla" },
        });
        expect(response.status).toBe(403);
        expect(response.headers.get("Set-Cookie")).toBeNull();
        expect(await snapshot()).toEqual(before);
      }
    });
  }
});

/** Strings a hostile client might send: long, control characters, markup, SQL, unicode tricks. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 3000 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom("", " ", "-1", "1e9", "NaN", "0x10", "<script>alert(1)</script>", "' or 1=1 --", "\u0000", "../../etc/passwd", "%00", "🚗".repeat(600)),
);

describe("hostile input never causes a 5xx, always explains in Swedish, and writes nothing", () => {
  it("create form fields", async () => {
    const badPrices = fc.oneof(hostileString, fc.constantFrom("9 999", "5000001", "-5000", "12,5"));
    await fc.assert(
      fc.asyncProperty(hostileString, badPrices, hostileString, hostileString, async (description, maxPrice, carType, sellerType) => {
        const before = await snapshot();
        const response = await run(createAction, "/recommendations/create", {
          method: "POST",
          cookie: stranger.cookie,
          fields: { description, maxPrice, carType, sellerType },
        });
        expect(response.status).toBeLessThan(500);
        expect([400, 302, 429, 422]).toContain(response.status);
        if (response.status === 400) {
          const body = (await response.json()) as { fieldErrors: Record<string, string> };
          for (const message of Object.values(body.fieldErrors)) expect(message).toMatch(/[åäöÅÄÖ]|Ange|Välj|Beskriv/);
          expect(await snapshot()).toEqual(before);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("login email and return target", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (email, redirectTo) => {
        const response = await run(loginAction, "/login", { method: "POST", fields: { email, redirectTo } });
        expect(response.status).toBeLessThan(500);
        if (response.status === 302) expect(response.headers.get("Location")?.startsWith("/")).toBe(true);
        if (response.status === 302) expect(response.headers.get("Location")?.startsWith("//")).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it("route ids, delete ids and intents, cursors, compare selections and image URLs", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (value, other) => {
        const before = await snapshot();
        const encoded = encodeURIComponent(value);
        const responses = await Promise.all([
          run(detailLoader, `/recommendations/${encoded}?jamfor=${encodeURIComponent(other)}`, { cookie: owner.cookie, params: { id: value } }),
          run(unlockAction, `/recommendations/${encoded}/unlock`, { method: "POST", cookie: owner.cookie, params: { id: value } }),
          run(detailDeleteAction, "/recommendations", { method: "POST", cookie: owner.cookie, fields: { intent: other, id: value } }),
          run(listLoader, `/recommendations?cursor=${encoded}`, { cookie: owner.cookie }),
          run(loginLoader, `/login?redirectTo=${encoded}&error=${encodeURIComponent(other)}`),
          run(imageLoader, `/bild?url=${encoded}`),
        ]);
        for (const response of responses) expect(response.status).toBeLessThan(500);
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });
});
