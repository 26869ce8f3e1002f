import { formatMil, formatSek } from "#app/lib/format";
import { fitOf, type FitMark, WATCH_LIMIT, WATCH_REMINDER_DAYS } from "#app/lib/watch-match";
import type { Database } from "#app/server/db/client.server";
import type { SavedRecommendation } from "#app/server/db/stored-result.server";
import { formatDate } from "#app/server/format-date.server";
import { safeExternalUrl } from "#app/lib/safe-url";
import { listActiveWatchesForUser, listMatchesForUser, listTargetsForUser, type WatchSummary } from "./watch-store.server";
import { carKeyOf } from "./watch-targets.server";

// What the list and result pages show of the buyer's watches: only what the rows need, words and marks made here.

export type NewAd = { key: string; kind: "new" | "price-drop"; carName: string; heading: string; link: string; price: string; facts: string; marks: FitMark[] };

async function newAdsOf(userId: string, watchIds: readonly string[], db: Database, now: Date): Promise<Map<string, NewAd[]>> {
  const [matches, targets] = await Promise.all([listMatchesForUser(userId, db, now, watchIds), listTargetsForUser(userId, watchIds, db)]);
  const byWatch = new Map<string, NewAd[]>();
  for (const match of matches) {
    const target = targets.find((candidate) => candidate.watchId === match.watchId && candidate.carKey === match.carKey);
    if (!target) continue;
    const { ad } = match;
    const list = byWatch.get(match.watchId) ?? [];
    list.push({
      key: `${match.watchId}-${match.adKey}-${match.kind}`,
      kind: match.kind,
      carName: target.carName,
      heading: ad.heading,
      link: safeExternalUrl(ad.link) ?? "https://www.blocket.se",
      price: formatSek(Number(ad.price.amount)),
      facts: [ad.car.regDate, ad.car.mileage !== null ? formatMil(ad.car.mileage) : null, ad.car.location.municipality ?? ad.car.location.city]
        .filter(Boolean)
        .join(" · "),
      marks: fitOf(ad, target.advice).marks,
    });
    byWatch.set(match.watchId, list);
  }
  return byWatch;
}

const DAY_MS = 24 * 3600 * 1000;

function row(watch: WatchSummary, newAds: NewAd[], now: Date) {
  return {
    id: watch.id,
    label: watch.label,
    wholeSearch: watch.carKey === null,
    recommendationId: watch.recommendationId,
    endsOn: formatDate(watch.expiresAt),
    endingSoon: watch.expiresAt.getTime() - now.getTime() <= WATCH_REMINDER_DAYS * DAY_MS,
    newAds,
  };
}
export type WatchRow = ReturnType<typeof row>;

export async function watchListFor(userId: string, db: Database, now = new Date()) {
  const active = await listActiveWatchesForUser(userId, db, now);
  const newAds = await newAdsOf(
    userId,
    active.map((watch) => watch.id),
    db,
    now,
  );
  return { watches: active.map((watch) => row(watch, newAds.get(watch.id) ?? [], now)), limit: WATCH_LIMIT };
}

/** Null for a locked result: watching is part of the unlocked advice. */
export async function watchPanelFor(userId: string, saved: SavedRecommendation, db: Database, now = new Date()) {
  if (saved.isLocked) return null;
  const active = await listActiveWatchesForUser(userId, db, now);
  const mine = active.filter((watch) => watch.searchId === saved.searchId);
  const newAds = await newAdsOf(
    userId,
    mine.map((watch) => watch.id),
    db,
    now,
  );
  return {
    recommendationId: saved.id,
    activeCount: active.length,
    limit: WATCH_LIMIT,
    wholeSearch: mine.find((watch) => watch.carKey === null)?.id ?? null,
    cars: saved.recommendation.cars.map((car) => {
      const key = carKeyOf(car);
      return { carKey: key, carName: car.carName, watchId: mine.find((watch) => watch.carKey === key)?.id ?? null };
    }),
    watches: mine.map((watch) => row(watch, newAds.get(watch.id) ?? [], now)),
  };
}
export type WatchPanelData = NonNullable<Awaited<ReturnType<typeof watchPanelFor>>>;
