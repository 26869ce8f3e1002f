import type { BuyerRequirements } from "#app/lib/requirements";
import { flawsForYears, type Variant } from "#app/server/cars/variant.server";
import type { Term } from "./intent.server";

// A generation's known faults weigh by what they would cost this buyer (scale in docs/advice-quality.md).

/** A fault that can end the car: the repair costs more than a cheap car is worth. */
const ENDING =
  /förstör\p{L}* motorn|motorhaveri|skär\p{L}* motorn|topplock\p{L}*|cylinderhuvud\p{L}*|oljetryck\p{L}*|hoppa en kugge|genomrost\p{L}*|rostar igenom|ny motor|motorbyte|växellådshaveri|vevlager|(lådan|växellådan) (havererar|går sönder)/iu;
/** A repair of thousands to tens of thousands of kronor that the car survives. */
const SERIOUS =
  /mekatronik\p{L}*|koppling\p{L}*|turbo\p{L}*|insprutare|spridare|partikelfilt\p{L}*|(?<![\p{L}])egr|adblue|kamkedj\p{L}*|kamrem\p{L}*|hybridbatteri\p{L}*|dra\p{L}* olja|läck\p{L}*|rost\p{L}*/iu;

export type FaultSeverity = "ending" | "serious" | "nuisance";
const FAULT_COST: Record<FaultSeverity, number> = { ending: 100, serious: 40, nuisance: 10 };

export function faultSeverity(text: string): FaultSeverity {
  if (ENDING.test(text)) return "ending";
  return SERIOUS.test(text) ? "serious" : "nuisance";
}

/** How hard a fault hits this buyer: on a small budget a failed engine is the whole purchase, with nothing left to repair it. */
export function faultExposure(req: Pick<BuyerRequirements, "hard">): number {
  const budget = req.hard.maxPrice;
  if (budget <= 50_000) return 1;
  if (budget <= 100_000) return 0.7;
  if (budget <= 200_000) return 0.4;
  return 0.2;
}

/** The worst fault of the recommended years, weighed for the buyer; a car-ending fault on a 30 000 kr budget weighs like a stressed wish. */
export function faultTerm(variant: Variant, window: { yearFrom: number; yearTo: number }, req: Pick<BuyerRequirements, "hard">): Term {
  const worst = Math.max(0, ...flawsForYears(variant, window.yearFrom, window.yearTo).map((text) => FAULT_COST[faultSeverity(text)]));
  const exposure = faultExposure(req);
  return { value: 100 - worst, weight: 4 * exposure };
}
