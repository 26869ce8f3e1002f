import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as authedLayout from "#app/routes/authed";
import * as readingRoute from "#app/routes/recommendation-reading";
import { action as previewAction, loader as previewLoader } from "#app/routes/recommendations-reading-preview";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { PRIVATE_NO_STORE } from "#app/server/http/cache-policy.server";
import { READING_RULE } from "#app/server/rate-limit/rate-limit.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { routeRequestHandler } from "#test/setup/react-router-handler";
import { ORIGIN, run, type Session, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";
import { snapshotRecommendations } from "./security-harness";

/**
 * The buyer corrects the reading: the create form's live preview (parser only, signed-in,
 * throttled, never cached, the wish never logged) and the "Ändra tolkningen" page (owner only,
 * counted like a create). CSRF for both is in csrf-actions.test.ts, other buyers in access-matrix.test.ts.
 */

const PREVIEW = "/recommendations/tolkning";
const fields = (description: string, extra: Record<string, string> = {}) => ({
  description,
  maxPrice: "300000",
  carType: "alla",
  sellerType: "alla",
  ...extra,
});
const body = async (response: Response) =>
  (await response.json()) as { message?: string; rows?: { id: string; group: string; status: string }[]; notice?: { kind: string; message: string } | null };

let buyer: Session;
let neighbour: Session;

beforeAll(async () => {
  buyer = await signIn("tolkning-kopare@example.se");
  neighbour = await signIn("tolkning-granne@example.se");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the live reading (POST /recommendations/tolkning)", () => {
  it("answers a signed-out visitor 401 and reads nothing", async () => {
    const response = await run(previewAction, PREVIEW, { method: "POST", fields: fields("Sju säten och fyrhjulsdrift") });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("säten");
  });

  it("gives the signed-in buyer the parser's reading as rows, marked, never cached", async () => {
    const response = await run(previewAction, PREVIEW, {
      method: "POST",
      cookie: buyer.cookie,
      fields: fields("Vi behöver sju säten och fyrhjulsdrift, dragkrok för husvagn"),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    const { rows } = await body(response);
    expect(rows?.find((row) => row.id === "minSeats")).toMatchObject({ group: "krav", status: "said" });
    // "husvagn" without a weight is our assumption, never the buyer's Krav.
    expect(rows?.find((row) => row.id === "minTowingKg")).toMatchObject({ group: "kontrollera", status: "assumed" });
  });

  it("answers bad input in Swedish with a 4xx, never a 500: empty, too long, a GET; nonsense and a contradiction are answered with a notice", async () => {
    const empty = await run(previewAction, PREVIEW, { method: "POST", cookie: buyer.cookie, fields: fields("   ") });
    expect(empty.status).toBe(400);
    expect((await body(empty)).message).toMatch(/^Skriv vad du letar efter/u);

    const nonsense = await run(previewAction, PREVIEW, { method: "POST", cookie: buyer.cookie, fields: fields("asdfgh") });
    // Half-typed text is read while typing: a notice, not a failed request in the buyer's console.
    expect(nonsense.status).toBe(200);
    expect((await body(nonsense)).notice?.message).toMatch(/^Vi förstod inte beskrivningen/u);

    const long = await run(previewAction, PREVIEW, { method: "POST", cookie: buyer.cookie, fields: fields("a".repeat(2001)) });
    expect(long.status).toBe(413);
    expect((await body(long)).message).toMatch(/högst 2\u00a0000 tecken/u);

    const contradiction = await run(previewAction, PREVIEW, {
      method: "POST",
      cookie: buyer.cookie,
      fields: fields("billig sportbil med 8 platser", { maxPrice: "50 000" }),
    });
    expect(contradiction.status).toBe(200);
    const answer = await body(contradiction);
    expect(answer.notice?.kind).toBe("no-match");
    expect(answer.notice?.message.length).toBeGreaterThan(20);
    expect(answer.rows?.some((row) => row.id === "minSeats")).toBe(true);

    const badType = await run(previewAction, PREVIEW, { method: "POST", cookie: buyer.cookie, fields: fields("Sju säten", { carType: "rymdskepp" }) });
    expect(badType.status).toBe(400);

    const get = await run(previewLoader, PREVIEW, { cookie: buyer.cookie });
    expect(get.status).toBe(405);
  });

  it("throttles one account with its own limit: 429 in Swedish with Retry-After, other accounts unaffected", async () => {
    const greedy = await signIn("tolkning-snabb@example.se");
    // Fill the account's window the way that many previews would.
    const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`reading:${greedy.userId}`));
    await limiter.hit(READING_RULE.max, READING_RULE.windowSeconds, READING_RULE.max);
    const refused = await run(previewAction, PREVIEW, { method: "POST", cookie: greedy.cookie, fields: fields("Sju säten") });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect((await body(refused)).message).toMatch(/^Du har skrivit och ändrat väldigt mycket på kort tid/u);
    const other = await run(previewAction, PREVIEW, { method: "POST", cookie: neighbour.cookie, fields: fields("Sju säten") });
    expect(other.status).toBe(200);
  });

  it("never writes the wish to the logs, whatever the answer", async () => {
    const wish = "HEMLIG-ÖNSKAN-7731 sju säten och dragkrok";
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
    for (const description of [wish, `${wish} ${"x".repeat(2001)}`, "asdfgh HEMLIG-ÖNSKAN-7731"]) {
      await run(previewAction, PREVIEW, { method: "POST", cookie: buyer.cookie, fields: fields(description) });
    }
    const logged = JSON.stringify(spies.flatMap((spy) => spy.mock.calls));
    expect(logged).not.toContain("HEMLIG-ÖNSKAN-7731");
  });

  it("writes nothing: no recommendation, no job", async () => {
    const before = await snapshotRecommendations();
    const jobs = await env.DB.prepare("select count(*) as n from recommendation_jobs").first<{ n: number }>();
    await run(previewAction, PREVIEW, { method: "POST", cookie: buyer.cookie, fields: fields("Sju säten och fyrhjulsdrift") });
    expect(await snapshotRecommendations()).toBe(before);
    expect(await env.DB.prepare("select count(*) as n from recommendation_jobs").first<{ n: number }>()).toEqual(jobs);
  });
});

describe("the 'Ändra tolkningen' page (/recommendations/:id/tolkning)", () => {
  let id: string;
  let owner: Session;
  beforeAll(async () => {
    owner = await signIn("tolkning-agare@example.se");
    id = (
      await createRecommendationForUser(
        owner.userId,
        { input: buildInput({ description: "Vi behöver sju säten och fyrhjulsdrift. Dragkrok för husvagn." }), recommendation: buildResult(3) },
        testDb,
        testResults,
      )
    ).id;
  });

  it("shows its owner the saved reading as a form, assumed items marked, and is never cached", async () => {
    const response = await run(readingRoute.loader, `/recommendations/${id}/tolkning`, { cookie: owner.cookie, params: { id } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { rows: { id: string; status: string; group: string }[] };
    expect(page.rows.find((row) => row.id === "minSeats")).toMatchObject({ status: "said", group: "krav" });
    expect(page.rows.find((row) => row.id === "minTowingKg")).toMatchObject({ status: "assumed", group: "kontrollera" });
    // The route's own word, as React Router sends it and without the Worker's cache policy (which makes
    // any response to a request with a session no-store, so asserting through it could not fail).
    const handle = routeRequestHandler(
      { id: "routes/authed", path: "", module: authedLayout },
      { id: "routes/recommendation-reading", path: "recommendations/:id/tolkning", module: readingRoute },
    );
    for (const path of [`/recommendations/${id}/tolkning`, `/recommendations/${id}/tolkning.data`]) {
      const sent = await handle(new Request(`${ORIGIN}${path}`, { headers: { Cookie: owner.cookie } }));
      expect(sent.status, path).toBe(200);
      expect(sent.headers.get("Cache-Control"), path).toBe(PRIVATE_NO_STORE);
    }
  });

  it("is a 404 for another buyer and for a malformed id, and their post changes nothing", async () => {
    expect((await run(readingRoute.loader, `/recommendations/${id}/tolkning`, { cookie: neighbour.cookie, params: { id } })).status).toBe(404);
    expect((await run(readingRoute.loader, "/recommendations/x'--/tolkning", { cookie: owner.cookie, params: { id: "x'--" } })).status).toBe(404);
    const before = await snapshotRecommendations();
    const post = await run(readingRoute.action, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: neighbour.cookie,
      params: { id },
      fields: { "andra.minSeats": "5" },
    });
    expect(post.status).toBe(404);
    expect(await snapshotRecommendations()).toBe(before);
  });

  it("keeps what was typed on a 4xx: an out-of-range number, nothing changed, a row that is not ours", async () => {
    const bad = await run(readingRoute.action, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: owner.cookie,
      params: { id },
      fields: { "andra.minSeats": "40", "ta-bort": "awd" },
    });
    expect(bad.status).toBe(400);
    const answer = (await bad.json()) as { message: string; typed: { values: Record<string, string>; removed: string[]; errors: Record<string, string> } };
    expect(answer.typed.values["andra.minSeats"]).toBe("40");
    expect(answer.typed.removed).toEqual(["awd"]);
    expect(answer.typed.errors["andra.minSeats"]).toMatch(/mellan 2 och 9/u);

    const unchanged = await run(readingRoute.action, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: owner.cookie,
      params: { id },
      fields: { "andra.minSeats": "7" },
    });
    expect(unchanged.status).toBe(400);
    expect(((await unchanged.json()) as { title: string }).title).toBe("Du har inte ändrat något");

    const foreign = await run(readingRoute.action, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: owner.cookie,
      params: { id },
      fields: { "ta-bort": "drop table" },
    });
    expect(foreign.status).toBe(400);
  });

  it("counts a correction like any create: the account's pace answers 429 in Swedish", async () => {
    const first = await run(readingRoute.action, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: owner.cookie,
      params: { id },
      fields: { "andra.minSeats": "5" },
    });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toMatch(/^\/recommendations\/[A-Za-z0-9_-]+$/u);
    expect(first.headers.get("Location")).not.toBe(`/recommendations/${id}`);
    const second = await run(readingRoute.action, `/recommendations/${id}/tolkning`, {
      method: "POST",
      cookie: owner.cookie,
      params: { id },
      // Four, not six: a kombi's sixth and seventh seats are a children's row, which leaves no car for this wish.
      fields: { "andra.minSeats": "4" },
    });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { message: string }).message).toMatch(/^Du har nyss bett om nya bilförslag/u);
  });
});
