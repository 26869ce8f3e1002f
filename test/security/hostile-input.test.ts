import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader as authedLoader } from "#app/routes/authed";
import { loader as imageLoader } from "#app/routes/image-proxy";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { loader as detailLoader } from "#app/routes/recommendation";
import { action as unlockAction, loader as unlockLoader } from "#app/routes/recommendation-unlock";
import { action as listAction, loader as listLoader } from "#app/routes/recommendations";
import { action as createAction, loader as createLoader } from "#app/routes/recommendations-create";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { run, type Session, signIn } from "#test/setup/route-harness";
import { runBranch, snapshotRecommendations } from "./security-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * Property-based fuzzing of every form field and query parameter: whatever a hostile client sends,
 * the answer is never a 5xx, validation errors are Swedish, and nothing is written.
 */

/** Strings a hostile client might send: long, control characters, markup, SQL, unicode tricks, encodings. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 3000 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 100 }),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "1e9",
    "NaN",
    "Infinity",
    "0x10",
    "9".repeat(400),
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "\u0000",
    "\ud800",
    "../../etc/passwd",
    "%00",
    "%E0%A4%A",
    "__proto__",
    "constructor",
    "🚗".repeat(600),
    "x".repeat(100_000),
  ),
);

/** encodeURIComponent refuses lone surrogates; a browser would send U+FFFD's bytes instead. */
const encode = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, "\ufffd"));

/** A message a Swedish buyer can read: starts like our copy, no schema-library English. */
function expectSwedish(message: unknown) {
  expect(typeof message).toBe("string");
  expect(message).toMatch(/^(Ange|Välj|Beskriv|Maxpris|E-postadressen)/);
  expect(message).not.toMatch(/invalid|expected|required|received|must be|undefined|NaN/i);
}

let owner: Session;
let stranger: Session;
let id: string;

beforeAll(async () => {
  owner = await signIn("fuzz-agare@example.se");
  stranger = await signIn("fuzz-framling@example.se");
  id = (await createRecommendationForUser(owner.userId, { input: buildInput(), recommendation: buildResult(3) }, testDb, testResults)).id;
});

describe("hostile input never causes a 5xx, always explains in Swedish, and writes nothing", () => {
  it("create form: any combination of present, missing and hostile fields", async () => {
    const price = fc.oneof(hostileString, fc.constantFrom("9 999", "5000001", "-5000", "12,5", "250 000 kr", "1.5e5"));
    const fields = fc.record({ description: hostileString, maxPrice: price, carType: hostileString, sellerType: hostileString }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fields, async (values) => {
        const before = await snapshotRecommendations();
        const response = await run(createAction, "/recommendations/create", {
          method: "POST",
          cookie: stranger.cookie,
          fields: values as Record<string, string>,
        });
        // The stranger's one successful create per minute is a legitimate 302; then the limiter's 429.
        expect([302, 400, 422, 429]).toContain(response.status);
        if (response.status === 400) {
          // Conform's reply: the Swedish messages per field ("" would be a form-level one).
          const body = (await response.json()) as { result: { error: Record<string, string[] | null> } };
          const fieldErrors = Object.entries(body.result.error).filter(([name, messages]) => name !== "" && messages?.length);
          expect(fieldErrors.length).toBeGreaterThan(0);
          for (const [, messages] of fieldErrors) for (const message of messages ?? []) expectSwedish(message);
          expect(await snapshotRecommendations()).toBe(before);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("login: e-mail and return target", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (email, redirectTo) => {
        const before = await snapshotRecommendations();
        const response = await run(loginAction, "/login", { method: "POST", fields: { email, redirectTo } });
        expect([302, 400]).toContain(response.status);
        if (response.status === 400) {
          const body = (await response.json()) as { result: { error: { email?: string[] } } };
          expectSwedish(body.result.error.email?.[0]);
          expect(response.headers.get("Set-Cookie")).toBeNull();
        }
        expect(await snapshotRecommendations()).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it("route ids, delete ids and intents, unlock ids, cursors, compare selections, return targets and image URLs", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const compare = fc.array(hostileString, { maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, compare, async (value, other, ranks) => {
        const before = await snapshotRecommendations();
        const encoded = encode(value);
        const jamfor = ranks.map((rank) => `jamfor=${encode(rank)}`).join("&");
        const responses = await Promise.all([
          runBranch([authedLoader, detailLoader], `/recommendations/${encoded}?${jamfor}`, { cookie: owner.cookie, params: { id: value } }),
          runBranch([authedLoader, detailLoader], `/recommendations/${id}?${jamfor}`, { cookie: owner.cookie, params: { id } }),
          runBranch([authedLoader, unlockLoader], `/recommendations/${encoded}/unlock`, { cookie: owner.cookie, params: { id: value } }),
          run(unlockAction, `/recommendations/${encoded}/unlock`, { method: "POST", cookie: stranger.cookie, params: { id: value }, fields: { id: other } }),
          run(listAction, "/recommendations", { method: "POST", cookie: stranger.cookie, fields: { intent: other, id: value } }),
          run(listAction, "/recommendations", { method: "POST", cookie: stranger.cookie, fields: { intent: "delete", id: value } }),
          runBranch([authedLoader, listLoader], `/recommendations?cursor=${encoded}&borttagen=${encode(other)}`, { cookie: owner.cookie }),
          runBranch([authedLoader, createLoader], `/recommendations/create?${jamfor}`, { cookie: owner.cookie }),
          run(exportLoader, `/recommendations/export?format=${encoded}`, { cookie: owner.cookie }),
          run(loginLoader, `/login?redirectTo=${encoded}&error=${encode(other)}`),
          run(loginLoader, `/login?redirectTo=${encoded}`, { cookie: owner.cookie }),
          run(imageLoader, `/bild?url=${encoded}`),
          run(imageLoader, `/bild?url=${encoded}&url=${encode(other)}`),
        ]);
        for (const response of responses) expect(response.status).toBeLessThan(500);
        expect(await snapshotRecommendations()).toBe(before);
      }),
      { numRuns: 60 },
    );
    // 60 generated runs of several requests each: a property, not a speed check (7–12 s on a busy machine).
  }, 30_000);
});
