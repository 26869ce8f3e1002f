import { beforeAll, describe, expect, it } from "vitest";
import { action as accountDeleteAction } from "#app/routes/account-delete";
import { action as homeAction } from "#app/routes/home";
import { action as loginAction } from "#app/routes/login";
import { action as logoutAction } from "#app/routes/logout";
import { action as notFoundAction } from "#app/routes/not-found";
import { action as unlockAction } from "#app/routes/recommendation-unlock";
import { action as listAction } from "#app/routes/recommendations";
import { action as createAction } from "#app/routes/recommendations-create";
import { action as readingAction } from "#app/routes/recommendation-reading";
import { action as previewAction } from "#app/routes/recommendations-reading-preview";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { ORIGIN, run, type Session, signIn } from "#test/setup/route-harness";
import { snapshotRecommendations } from "./security-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * CSRF on EVERY action route: the root middleware refuses a state-changing request that does not
 * come from our own origin, before the action runs. Add a row when you add an action.
 */

let owner: Session;
let id: string;

beforeAll(async () => {
  owner = await signIn("csrf-agare@example.se");
  id = (await createRecommendationForUser(owner.userId, { input: buildInput(), recommendation: buildResult(3) }, testDb, testResults)).id;
});

type ActionRow = {
  name: string;
  action: (args: never) => unknown;
  path: () => string;
  params?: () => Record<string, string>;
  fields: () => Record<string, string>;
};

const ACTIONS: readonly ActionRow[] = [
  { name: "login", action: loginAction, path: () => "/login", fields: () => ({ email: "angripare@example.se", redirectTo: "/recommendations" }) },
  { name: "logout", action: logoutAction, path: () => "/logout", fields: () => ({}) },
  { name: "landing wish", action: homeAction, path: () => "/?index", fields: () => ({ onskemal: "Kombi med dragkrok" }) },
  {
    name: "create",
    action: createAction,
    path: () => "/recommendations/create",
    fields: () => ({ description: "Säker familjebil med dragkrok och plats för hunden", maxPrice: "250000", carType: "kombi", sellerType: "alla" }),
  },
  {
    name: "live reading",
    action: previewAction,
    path: () => "/recommendations/tolkning",
    fields: () => ({ description: "Säker familjebil med dragkrok", maxPrice: "250000", carType: "kombi", sellerType: "alla" }),
  },
  {
    name: "reading correction",
    action: readingAction,
    path: () => `/recommendations/${id}/tolkning`,
    params: () => ({ id }),
    fields: () => ({ "andra.minSeats": "5" }),
  },
  { name: "unlock", action: unlockAction, path: () => `/recommendations/${id}/unlock`, params: () => ({ id }), fields: () => ({}) },
  { name: "delete", action: listAction, path: () => "/recommendations", fields: () => ({ intent: "delete", id }) },
  { name: "account deletion", action: accountDeleteAction, path: () => "/konto/radera", fields: () => ({ confirmation: "RADERA" }) },
  { name: "unknown URL", action: notFoundAction, path: () => "/finns-inte", fields: () => ({}) },
];

/** What a hostile page (or a sibling subdomain) can make a signed-in browser send. */
const FORGED_HEADERS: readonly (readonly [string, Record<string, string>])[] = [
  ["cross-site with the attacker's Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
  ["cross-site claiming our Origin", { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" }],
  ["same-site (a sibling subdomain)", { Origin: "https://blogg.drombil.se", "Sec-Fetch-Site": "same-site" }],
  ["user-initiated (Sec-Fetch-Site: none)", { "Sec-Fetch-Site": "none" }],
  ["the attacker's Origin only (older browser)", { Origin: "https://evil.example" }],
  ["Origin: null (sandboxed iframe)", { Origin: "null" }],
  ["our host over another scheme", { Origin: ORIGIN.replace("http:", "https:") }],
  ["neither Origin nor Sec-Fetch-Site", {}],
];

describe("CSRF: every action refuses forged requests with 403 and changes nothing", () => {
  for (const row of ACTIONS) {
    for (const [label, headers] of FORGED_HEADERS) {
      it(`${row.name}: ${label} → 403, no cookie, no write`, async () => {
        const before = await snapshotRecommendations();
        const response = await run(row.action, row.path(), {
          method: "POST",
          cookie: owner.cookie,
          headers,
          params: row.params?.() ?? {},
          fields: row.fields(),
        });
        expect(response.status).toBe(403);
        expect(response.headers.get("Set-Cookie")).toBeNull();
        expect(response.headers.get("Location")).toBeNull();
        expect(await snapshotRecommendations()).toBe(before);
      });
    }

    it(`${row.name}: PUT, PATCH and DELETE from another site are refused too`, async () => {
      const before = await snapshotRecommendations();
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const response = await run(row.action, row.path(), {
          method,
          cookie: owner.cookie,
          headers: { Origin: "https://evil.example" },
          params: row.params?.() ?? {},
          fields: row.fields(),
        });
        expect(response.status, method).toBe(403);
      }
      expect(await snapshotRecommendations()).toBe(before);
    });
  }

  it("the same requests from our own origin get through (the table refuses forgeries, not everything)", async () => {
    // Order matters: delete and account deletion last, since they remove the rows the others act on.
    const statuses = [];
    for (const row of ACTIONS) {
      const response = await run(row.action, row.path(), { method: "POST", cookie: owner.cookie, params: row.params?.() ?? {}, fields: row.fields() });
      statuses.push([row.name, response.status]);
    }
    expect(statuses).toEqual([
      ["login", 302],
      ["logout", 302],
      ["landing wish", 302],
      ["create", 302],
      ["live reading", 200],
      // A correction is a create like any other: right after one, the account's pace refuses it.
      ["reading correction", 429],
      ["unlock", 302],
      ["delete", 302],
      ["account deletion", 302],
      ["unknown URL", 404],
    ]);
  });
});
