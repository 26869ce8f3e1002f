import { describe, expect, it } from "vitest";
import * as authedLayout from "#app/routes/authed";
import * as readingRoute from "#app/routes/recommendation-reading";
import * as createRoute from "#app/routes/recommendations-create";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { routeRequestHandler } from "#test/setup/react-router-handler";
import { ORIGIN, SAME_ORIGIN, signIn } from "#test/setup/route-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * A refused create tells the browser when to come back: the 429's Retry-After as React Router sends
 * it (it drops a loader's or action's headers, Set-Cookie aside, unless the route exports `headers`),
 * for the page's own post and for the `.data` post the form sends with JavaScript. The detail page's
 * poll limit is in test/integration/creation-job.test.ts.
 */

const layout = { id: "routes/authed", path: "", module: authedLayout };
const WISH = { description: "Säker familjebil med dragkrok och plats för hunden", maxPrice: "250000", carType: "kombi", sellerType: "alla" };

function post(handle: (request: Request) => Promise<Response>, path: string, cookie: string, fields: Record<string, string>) {
  return handle(new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { ...SAME_ORIGIN, Cookie: cookie } }));
}

async function expectRetryAfter(response: Response, label: string) {
  expect(response.status, label).toBe(429);
  expect(Number(response.headers.get("Retry-After")), label).toBeGreaterThan(0);
}

describe("Retry-After on a refused create, as sent", () => {
  it("the create form: a second create within the minute is a 429 with Retry-After, page and .data", async () => {
    const buyer = await signIn(`vanta-skapa-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const handle = routeRequestHandler(layout, { id: "routes/recommendations-create", path: "recommendations/create", module: createRoute });
    const first = await post(handle, "/recommendations/create", buyer.cookie, WISH);
    expect(first.status).toBe(302);
    await expectRetryAfter(await post(handle, "/recommendations/create", buyer.cookie, WISH), "page");
    await expectRetryAfter(await post(handle, "/recommendations/create.data", buyer.cookie, WISH), ".data");
  });

  it("Ändra tolkningen: a second correction within the minute is a 429 with Retry-After, page and .data", async () => {
    const owner = await signIn(`vanta-tolkning-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const { id } = await createRecommendationForUser(owner.userId, { input: buildInput(), recommendation: buildResult(3) }, testDb, testResults);
    const handle = routeRequestHandler(layout, { id: "routes/recommendation-reading", path: "recommendations/:id/tolkning", module: readingRoute });
    const path = `/recommendations/${id}/tolkning`;
    const first = await post(handle, path, owner.cookie, { "andra.minSeats": "5" });
    expect(first.status).toBe(302);
    await expectRetryAfter(await post(handle, path, owner.cookie, { "andra.minSeats": "6" }), "page");
    await expectRetryAfter(await post(handle, `${path}.data`, owner.cookie, { "andra.minSeats": "7" }), ".data");
  });
});
