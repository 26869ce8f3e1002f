import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as watchAction } from "#app/routes/watches";
import { loader as listLoader } from "#app/routes/recommendations";
import { loader as recommendationLoader } from "#app/routes/recommendation";
import { createRecommendationForUser, unlockRecommendationForUser } from "#app/server/db/recommendations.server";
import { servicesFor } from "#app/server/services.server";
import { WATCH_COPY } from "#app/server/watches/watch-actions.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { run, signIn } from "#test/setup/route-harness";

/** "Bevaka", "Avsluta" and "Förnya" as plain form posts: owner-scoped, unlocked results only, at most ten active. */

const services = servicesFor(env);

async function savedFor(userId: string, unlocked = true): Promise<string> {
  const { id } = await createRecommendationForUser(userId, { input: buildInput(), recommendation: buildResult(2) }, services.db, services.results);
  if (unlocked) await unlockRecommendationForUser(userId, id, services.db);
  return id;
}

const watchFields = (recommendationId: string, car = "") => ({ intent: "watch", recommendationId, car });

describe("watch forms", () => {
  it("the 11th active watch is refused in Swedish with 409; stopping one makes room", async () => {
    const session = await signIn("bevaka-tio@example.se");
    const ids = await Promise.all(Array.from({ length: 11 }, () => savedFor(session.userId)));
    for (const id of ids.slice(0, 10)) {
      const response = await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: session.cookie, fields: watchFields(id) });
      expect(response.status).toBe(302);
    }
    const refused = await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: session.cookie, fields: watchFields(ids[10]!) });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string };
    expect(body.error).toBe(WATCH_COPY.limit);
    expect(body.error).toMatch(/redan 10 aktiva bevakningar/);

    const list = (await (await run(listLoader, "/recommendations", { cookie: session.cookie })).json()) as { watched: { watches: { id: string }[] } };
    expect(list.watched.watches).toHaveLength(10);
    const stop = await run(watchAction, "/recommendations/bevakningar", {
      method: "POST",
      cookie: session.cookie,
      fields: { intent: "stop", id: list.watched.watches[0]!.id },
    });
    expect(stop.status).toBe(302);
    const eleventh = await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: session.cookie, fields: watchFields(ids[10]!) });
    expect(eleventh.status).toBe(302);
  });

  it("a locked result cannot be watched; another buyer's result or watch is a 404", async () => {
    const owner = await signIn("bevaka-agare@example.se");
    const other = await signIn("bevaka-annan@example.se");
    const locked = await savedFor(owner.userId, false);
    const lockedRefusal = await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: owner.cookie, fields: watchFields(locked) });
    expect(lockedRefusal.status).toBe(403);
    expect(((await lockedRefusal.json()) as { error: string }).error).toBe(WATCH_COPY.locked);

    const open = await savedFor(owner.userId);
    expect((await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: other.cookie, fields: watchFields(open) })).status).toBe(404);
    expect(
      (await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: owner.cookie, fields: watchFields(open, "volvo v60") })).status,
    ).toBe(302);
    const page = (await (await run(recommendationLoader, `/recommendations/${open}`, { cookie: owner.cookie, params: { id: open } })).json()) as {
      watch: { cars: { watchId: string | null }[]; watches: { id: string }[] };
    };
    expect(page.watch.cars.every((car) => car.watchId !== null)).toBe(true);
    const watchId = page.watch.watches[0]!.id;
    expect(
      (await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: other.cookie, fields: { intent: "stop", id: watchId } })).status,
    ).toBe(404);
    expect(
      (await run(watchAction, "/recommendations/bevakningar", { method: "POST", cookie: owner.cookie, fields: { intent: "renew", id: watchId } })).status,
    ).toBe(302);
  });

  it("a cross-site watch post is refused before the action runs", async () => {
    const session = await signIn("bevaka-csrf@example.se");
    const id = await savedFor(session.userId);
    const response = await run(watchAction, "/recommendations/bevakningar", {
      method: "POST",
      cookie: session.cookie,
      fields: watchFields(id),
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });
});
