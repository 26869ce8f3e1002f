import { z } from "zod";
import { WATCH_LIMIT } from "#app/lib/watch-match";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import type { Services } from "#app/server/services.server";
import { createWatchForUser, renewWatchForUser, stopWatchForUser } from "./watch-store.server";
import { baselineOf, watchTargetsOf } from "./watch-targets.server";

// The watch form's three intents, behind the route: each returns a code the route turns into a redirect or a Swedish 4xx.

export const WatchFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("watch"), recommendationId: z.string().max(100), car: z.string().max(120).default("") }),
  z.object({ intent: z.literal("stop"), id: z.string().max(40) }),
  z.object({ intent: z.literal("renew"), id: z.string().max(40) }),
]);
export type WatchForm = z.infer<typeof WatchFormSchema>;

export const WATCH_COPY = {
  limit: `Du har redan ${WATCH_LIMIT} aktiva bevakningar, det är max. Avsluta en bevakning i listan under Dina rekommendationer för att bevaka något nytt.`,
  locked: "Lås upp rekommendationen för att bevaka dess bilar.",
  unknownCar: "Bilen finns inte i den här rekommendationen.",
  missing: "Bevakningen finns inte längre.",
  deleted: "Kontot håller på att raderas.",
} as const;
type WatchRefusal = keyof typeof WATCH_COPY;

export type WatchOutcome = { ok: true; redirectTo: string } | { ok: false; status: 400 | 403 | 404 | 409; reason: WatchRefusal };

type WatchServices = Pick<Services, "db" | "results" | "marketplace" | "rateLimits">;

export async function runWatchIntent(
  userId: string,
  form: WatchForm,
  services: WatchServices,
  localMailTo: string | null,
  now = new Date(),
): Promise<WatchOutcome> {
  const { db } = services;
  if (form.intent === "stop") {
    return (await stopWatchForUser(userId, form.id, db, now))
      ? { ok: true, redirectTo: "/recommendations?bevakning=avslutad#bevakningar" }
      : { ok: false, status: 404, reason: "missing" };
  }
  if (form.intent === "renew") {
    return (await renewWatchForUser(userId, form.id, db, now))
      ? { ok: true, redirectTo: "/recommendations?bevakning=fornyad#bevakningar" }
      : { ok: false, status: 404, reason: "missing" };
  }
  const saved = await getRecommendationForUser(userId, form.recommendationId, db, services.results);
  if (!saved) return { ok: false, status: 404, reason: "missing" };
  if (saved.isLocked) return { ok: false, status: 403, reason: "locked" };
  const carKey = form.car === "" ? null : form.car;
  const targets = await watchTargetsOf(saved, carKey);
  if (targets.length === 0) return { ok: false, status: 400, reason: "unknownCar" };
  const label = carKey === null ? `${saved.recommendation.cars[0]?.carName ?? "dina förslag"} m.fl.` : (targets[0]?.carName ?? "bilen");
  // The baseline costs lookups like a create's; over the buyer's lookup limit the first check records it instead.
  const queries = new Set(targets.map((target) => target.queryKey)).size;
  const allowed = services.marketplace.source !== "off" && (await services.rateLimits.hit("marketplace", userId, queries)).allowed;
  const baseline = allowed ? await baselineOf(targets, services.marketplace) : null;
  const created = await createWatchForUser(
    userId,
    { searchId: saved.searchId, recommendationId: saved.id, carKey, label, targets, baseline, localMailTo },
    db,
    now,
  );
  if (created.status === "limit") return { ok: false, status: 409, reason: "limit" };
  if (created.status === "deleted") return { ok: false, status: 403, reason: "deleted" };
  return { ok: true, redirectTo: `/recommendations/${saved.id}?bevakning=startad#bevaka` };
}
