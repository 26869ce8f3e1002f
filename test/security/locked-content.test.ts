import { beforeAll, describe, expect, it } from "vitest";
import { loader as authedLoader } from "#app/routes/authed";
import { loader as detailLoader } from "#app/routes/recommendation";
import { loader as unlockLoader } from "#app/routes/recommendation-unlock";
import { loader as listLoader } from "#app/routes/recommendations";
import { loader as createLoader } from "#app/routes/recommendations-create";
import { loader as exportLoader } from "#app/routes/recommendations-export";
import { createRecommendationForUser, unlockRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput } from "#test/fixtures/recommendations";
import { type Session, signIn } from "#test/setup/route-harness";
import { lockedMarker, lockedMarkers, markedResult, runBranch } from "./security-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * Every locked field of ranks ≥ 2 carries a marker; no route data the owner can fetch for a
 * locked recommendation may contain one (the HTML and `.data` twin is in http.spec.ts).
 */

const CARS = 4;
let owner: Session;
/** The unlocked twin belongs to someone else, so the owner's list and export hold only the locked one. */
let other: Session;
let lockedId: string;
let unlockedId: string;

beforeAll(async () => {
  owner = await signIn("last-innehall@example.se");
  lockedId = (await createRecommendationForUser(owner.userId, { input: buildInput(), recommendation: markedResult(CARS) }, testDb, testResults)).id;
  other = await signIn("upplast-innehall@example.se");
  unlockedId = (await createRecommendationForUser(other.userId, { input: buildInput(), recommendation: markedResult(CARS) }, testDb, testResults)).id;
  await unlockRecommendationForUser(other.userId, unlockedId, testDb);
});

const routeData = (id: string) =>
  [
    ["detail", [authedLoader, detailLoader], `/recommendations/${id}`],
    ["detail comparing every rank", [authedLoader, detailLoader], `/recommendations/${id}?jamfor=1&jamfor=2&jamfor=3&jamfor=4`],
    ["unlock page", [authedLoader, unlockLoader], `/recommendations/${id}/unlock`],
    ["list", [authedLoader, listLoader], "/recommendations"],
    ["create page", [authedLoader, createLoader], "/recommendations/create"],
    ["export", [exportLoader], "/recommendations/export"],
  ] as const;

describe("locked content never leaves the server", () => {
  it("no route's data for a locked recommendation contains any locked field of ranks 2 and up", async () => {
    for (const [name, branch, path] of routeData(lockedId)) {
      const response = await runBranch(branch, path, { cookie: owner.cookie, params: { id: lockedId } });
      expect(response.status, name).toBe(200);
      const body = await response.text();
      for (const marker of lockedMarkers(CARS)) expect(body, `${name} leaks ${marker}`).not.toContain(marker);
    }
  });

  it("the locked detail still carries rank 1 in full and the teasers' names (the markers are findable)", async () => {
    const body = await (
      await runBranch([authedLoader, detailLoader], `/recommendations/${lockedId}`, { cookie: owner.cookie, params: { id: lockedId } })
    ).text();
    expect(body).toContain(lockedMarker(1, "deepDiveAnalysis"));
    expect(body).toContain(lockedMarker(1, "adHeading"));
    for (let rank = 2; rank <= CARS; rank++) expect(body).toContain(`Modell ${rank}`);
  });

  it("once unlocked, the same detail and export carry every marker: the check above would see a leak", async () => {
    for (const [name, branch, path] of routeData(unlockedId).filter(([name]) => name === "detail" || name === "export")) {
      const response = await runBranch(branch, path, { cookie: other.cookie, params: { id: unlockedId } });
      const body = await response.text();
      for (const marker of lockedMarkers(CARS)) expect(body, name).toContain(marker);
    }
  });
});
