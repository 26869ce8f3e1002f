import type { ReadingField } from "#app/lib/requirements";

// What a buyer's "krav" becomes as an "önskemål" and back; the merge softens a requirement it doubts along the same lines.

export const SOFT_TWIN: Partial<Record<ReadingField, ReadingField>> = {
  allowedFuels: "preferredFuels",
  requiredMakes: "preferredMakes",
  bodyTypes: "preferredBodyTypes",
  excludedFuels: "avoidedFuels",
  excludedMakes: "avoidedMakes",
  gearbox: "preferredGearbox",
  minModelYear: "preferredMinModelYear",
  maxOdometerMil: "preferredMaxOdometerMil",
  awd: "wish.awd",
};

export const HARD_TWIN: Partial<Record<ReadingField, ReadingField>> = Object.fromEntries(
  Object.entries(SOFT_TWIN).map(([hard, soft]) => [soft, hard as ReadingField]),
);

/** Lists of what is allowed ("el eller laddhybrid"): one value softened leaves the others as the only ones allowed, so the whole list goes. */
export const RESTRICTION_LISTS = new Set<ReadingField>(["allowedFuels", "requiredMakes", "bodyTypes"]);

/** What a car has or lacks: a wish for "some towing weight" would rank nothing, so these stay requirements or go. */
export const HARD_ONLY = new Set<ReadingField>(["minSeats", "minTowingKg", "minRangeKm", "minPowerHp", "adultThirdRow"]);

/** A wish the buyer adds or makes of a requirement: "gärna", not "viktigt". */
export const BUYER_WISH_WEIGHT = 0.6;
