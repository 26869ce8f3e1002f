import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as authedLoader } from "#app/routes/authed";
import { loader as detailLoader } from "#app/routes/recommendation";
import { action as unlockAction, loader as unlockLoader } from "#app/routes/recommendation-unlock";
import { action as listAction, loader as listLoader } from "#app/routes/recommendations";
import { action as createAction, loader as createLoader } from "#app/routes/recommendations-create";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { action as readingAction, loader as readingLoader } from "#app/routes/recommendation-reading";
import { action as previewAction } from "#app/routes/recommendations-reading-preview";
import { createRecommendationForUser, unlockRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput } from "#test/fixtures/recommendations";
import { type Session, signIn } from "#test/setup/route-harness";
import { lockedMarkers, markedResult, runBranch, snapshotRecommendations } from "./security-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * The access matrix: every route and method that touches a recommendation, asked by the owner's
 * neighbour (another signed-in buyer) and by a signed-out visitor. Neither may get anything of the
 * owner's or change anything. Add a row when you add a route; the HTTP twin of this table (real
 * routing, `.data` requests) is in test/security/http.spec.ts.
 */

type RouteFunction = (args: never) => unknown;
type AccessRow = {
  name: string;
  method: "GET" | "POST";
  /** The loaders of the matched branch (layout first), or the action. */
  branch: readonly RouteFunction[];
  path: (id: string) => string;
  params?: (id: string) => Record<string, string>;
  fields?: (id: string) => Record<string, string>;
  /** What another signed-in buyer gets: 404 for the owner's id, or their own (empty) page. */
  stranger: number;
  /** Routes where the stranger legitimately writes their own row (create). */
  strangerWritesOwnRow?: boolean;
  /** Routes that take no id (list, export, create): asked once rather than per target. */
  idFree?: boolean;
};

const VALID_SEARCH = { description: "Säker familjebil med dragkrok och plats för hunden", maxPrice: "250000", carType: "kombi", sellerType: "alla" };

const ACCESS_MATRIX: readonly AccessRow[] = [
  {
    name: "detail page GET",
    method: "GET",
    branch: [authedLoader, detailLoader],
    path: (id) => `/recommendations/${id}`,
    params: (id) => ({ id }),
    stranger: 404,
  },
  {
    name: "detail page GET with a comparison",
    method: "GET",
    branch: [authedLoader, detailLoader],
    path: (id) => `/recommendations/${id}?jamfor=1&jamfor=2&jamfor=3`,
    params: (id) => ({ id }),
    stranger: 404,
  },
  {
    name: "unlock page GET",
    method: "GET",
    branch: [authedLoader, unlockLoader],
    path: (id) => `/recommendations/${id}/unlock`,
    params: (id) => ({ id }),
    stranger: 404,
  },
  {
    name: "unlock POST",
    method: "POST",
    branch: [unlockAction],
    path: (id) => `/recommendations/${id}/unlock`,
    params: (id) => ({ id }),
    fields: () => ({}),
    stranger: 404,
  },
  {
    name: "reading page GET",
    method: "GET",
    branch: [authedLoader, readingLoader],
    path: (id) => `/recommendations/${id}/tolkning`,
    params: (id) => ({ id }),
    stranger: 404,
  },
  {
    name: "reading correction POST",
    method: "POST",
    branch: [readingAction],
    path: (id) => `/recommendations/${id}/tolkning`,
    params: (id) => ({ id }),
    fields: () => ({ "andra.minSeats": "5" }),
    stranger: 404,
  },
  {
    name: "live reading POST",
    idFree: true,
    method: "POST",
    branch: [previewAction],
    path: () => "/recommendations/tolkning",
    fields: () => VALID_SEARCH,
    stranger: 200,
  },
  { name: "delete POST", method: "POST", branch: [listAction], path: () => "/recommendations", fields: (id) => ({ intent: "delete", id }), stranger: 404 },
  { name: "list GET", idFree: true, method: "GET", branch: [authedLoader, listLoader], path: () => "/recommendations", stranger: 200 },
  {
    name: "list GET, next page",
    idFree: true,
    method: "GET",
    branch: [authedLoader, listLoader],
    path: () => "/recommendations?cursor=9999999999999%3Azzzzzzzzzzzzzzzzzzzzzz",
    stranger: 200,
  },
  { name: "export GET", idFree: true, method: "GET", branch: [exportLoader], path: () => "/recommendations/export", stranger: 200 },
  { name: "create page GET", idFree: true, method: "GET", branch: [authedLoader, createLoader], path: () => "/recommendations/create", stranger: 200 },
  {
    name: "create POST",
    method: "POST",
    branch: [createAction],
    path: () => "/recommendations/create",
    fields: () => VALID_SEARCH,
    stranger: 302,
    strangerWritesOwnRow: true,
    idFree: true,
  },
];

const OWNER_DESCRIPTION = "ÄGARENS-ÖNSKEMÅL: pendlar till Kiruna med tre hundar och släpvagn";

let owner: Session;
let stranger: Session;
const targets: { label: string; id: string }[] = [];

beforeAll(async () => {
  owner = await signIn("agaren-matris@example.se");
  stranger = await signIn("grannen-matris@example.se");
  for (const label of ["locked", "unlocked"]) {
    const { id } = await createRecommendationForUser(
      owner.userId,
      {
        input: buildInput({ description: OWNER_DESCRIPTION }),
        recommendation: markedResult(4),
      },
      testDb,
      testResults,
    );
    if (label === "unlocked") await unlockRecommendationForUser(owner.userId, id, testDb);
    targets.push({ label, id });
  }
});

/** Nothing of the owner's: not the id, not the wishes, not a car name, not a locked marker. */
function expectNothingOfTheOwner(body: string, id: string) {
  expect(body).not.toContain(id);
  expect(body).not.toContain("ÄGARENS-ÖNSKEMÅL");
  expect(body).not.toContain("Modell 1");
  for (const marker of lockedMarkers(4)) expect(body).not.toContain(marker);
}

async function ownerRows(): Promise<unknown> {
  const { results } = await env.DB.prepare("select * from recommendations where user_id = ? order by id").bind(owner.userId).all();
  return results;
}

describe("access matrix: another buyer and a signed-out visitor get nothing of the owner's and change nothing", () => {
  for (const row of ACCESS_MATRIX) {
    for (const label of row.idFree ? (["locked"] as const) : (["locked", "unlocked"] as const)) {
      it(`${row.method} ${row.name} (${label}): another buyer → ${row.stranger}, signed out → 401, database unchanged`, async () => {
        const target = targets.find((candidate) => candidate.label === label);
        if (!target) throw new Error("beforeAll did not seed the targets");
        const { id } = target;
        const options = { method: row.method, params: row.params?.(id) ?? {}, ...(row.fields ? { fields: row.fields(id) } : {}) };
        const ownersBefore = await ownerRows();
        const allBefore = await snapshotRecommendations();

        const signedOut = await runBranch(row.branch, row.path(id), options);
        expect(signedOut.status).toBe(401);
        expectNothingOfTheOwner(await signedOut.text(), id);
        expect(signedOut.headers.get("Set-Cookie")).toBeNull();
        expect(await snapshotRecommendations()).toBe(allBefore);

        const neighbour = await runBranch(row.branch, row.path(id), { ...options, cookie: stranger.cookie });
        expect(neighbour.status).toBe(row.stranger);
        expectNothingOfTheOwner(await neighbour.text(), id);
        expect(await ownerRows()).toEqual(ownersBefore);
        if (!row.strangerWritesOwnRow) {
          expect(await snapshotRecommendations()).toBe(allBefore);
        } else {
          const { results } = await env.DB.prepare("select user_id from recommendations where user_id != ?").bind(owner.userId).all();
          expect(results.every((result) => result.user_id === stranger.userId)).toBe(true);
        }
      });
    }
  }

  it("the owner gets every page of the matrix (the table is not refusing everyone)", async () => {
    const target = targets.find((candidate) => candidate.label === "locked");
    if (!target) throw new Error("beforeAll did not seed the targets");
    for (const row of ACCESS_MATRIX.filter((candidate) => candidate.method === "GET")) {
      const response = await runBranch(row.branch, row.path(target.id), { params: row.params?.(target.id) ?? {}, cookie: owner.cookie });
      expect(response.status, row.name).toBe(200);
    }
  });
});
