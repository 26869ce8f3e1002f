import type { BuyerRequirements } from "#app/lib/requirements";
import { flawsForYears, type Variant } from "#app/server/cars/variant.server";
import type { Circumstances } from "./situation.server";
import type { Term } from "./intent.server";

// A generation's known faults weigh by what they would cost this buyer (scale in docs/advice-quality.md).

/** A fault that can end the car: the repair costs more than a cheap car is worth. */
const ENDING =
  /förstör\p{L}* motorn|motorhaveri|skär\p{L}* motorn|topplock\p{L}*|cylinderhuvud\p{L}*|oljetryck\p{L}*|hoppa en kugge|genomrost\p{L}*|rostar igenom|ny motor|motorbyte|växellådshaveri|vevlag\p{L}*|sprucket block|(lådan|växellådan) (havererar|går sönder)|kamrem\p{L}* i olja|sträckt\p{L}* kamkedj\p{L}*|kamkedj\p{L}*(?: \p{L}+){0,3} sträck\p{L}*|kamkedje(?:töjning|problem|risk)\p{L}*|remmen (?:kan )?släpp\p{L}*|mekatronik\p{L}*|(?:torr\p{L}*|sjuväxlad\p{L}*|sjustegad\p{L}*) (?:\p{L}+ )?dsg|dq200|powershift|dubbelkoppling\p{L}*/iu;
/** A repair of thousands to tens of thousands of kronor that the car survives. */
const SERIOUS =
  /koppling\p{L}*|turbo\p{L}*|insprutare|spridare|partikelfilt\p{L}*|(?<![\p{L}])egr|adblue|kamkedj\p{L}*|kamrem\p{L}*|hybridbatteri\p{L}*|dra\p{L}* olja|läck\p{L}*|rost\p{L}*/iu;
const GEARBOX_FAULT =
  /dsg|dq200|powershift|mmt|i-shift|(?<![\p{L}])asg|x-shift|easytronic|(?<![\p{L}])e[gt][sg](?![\p{L}])|robot\p{L}*|automatlåd\p{L}*|dubbelkoppling\p{L}*|s tronic|(?<![\p{L}])edc(?![\p{L}])/iu;

export type FaultSeverity = "ending" | "serious" | "nuisance";
const FAULT_COST: Record<FaultSeverity, number> = { ending: 100, serious: 40, nuisance: 10 };

export function faultSeverity(text: string): FaultSeverity {
  if (ENDING.test(text)) return "ending";
  return SERIOUS.test(text) ? "serious" : "nuisance";
}

type FaultBuyer = Pick<BuyerRequirements, "hard" | "preferredGearbox">;
type FaultUse = Pick<Circumstances, "olderDriver" | "taxi" | "businessMil">;

/** On a small budget a failed engine is the whole purchase; a taxi or business car meets its faults sooner and loses income in the workshop. */
export function faultExposure(req: Pick<BuyerRequirements, "hard">, use?: FaultUse): number {
  const budget = req.hard.maxPrice;
  const byBudget = budget <= 50_000 ? 1 : budget <= 100_000 ? 0.7 : budget <= 200_000 ? 0.4 : 0.2;
  if (use?.taxi) return 1;
  if (use?.businessMil != null) return Math.max(byBudget, 0.7);
  return byBudget;
}

/** A fault of an automatic, robotised or dual-clutch box counts when the buyer will have that box: automatic only, or wanted. */
function meetsGearbox(variant: Variant, req: FaultBuyer, use?: FaultUse): boolean {
  if (!variant.gearboxes.includes("manuell")) return true;
  return req.hard.gearbox === "automat" || req.preferredGearbox === "automat" || use?.olderDriver === true;
}

export function faultCost(text: string, variant: Variant, req: FaultBuyer, use?: FaultUse): number {
  if (GEARBOX_FAULT.test(text) && !meetsGearbox(variant, req, use)) return FAULT_COST.nuisance;
  return FAULT_COST[faultSeverity(text)];
}

/** Learned by leave-one-set-out on the spent expert sets (docs/advice-quality.md); a survivable fault weighs only through the reliability rating. */
const EXPOSED_WEIGHT = 12;

/** A car-ending fault in the recommended years, as it reaches this buyer; on a 30 000 kr budget it weighs like three stressed wishes. */
export function faultTerm(variant: Variant, window: { yearFrom: number; yearTo: number }, req: FaultBuyer, use?: FaultUse): Term {
  const ending = flawsForYears(variant, window.yearFrom, window.yearTo).some((text) => faultCost(text, variant, req, use) === FAULT_COST.ending);
  return { value: ending ? 0 : 100, weight: EXPOSED_WEIGHT * faultExposure(req, use) };
}

/** A buyer with no margin gives reliability itself more weight than the five ratings do: what breaks least costs least. */
export function reliabilityTerm(reliability: number, req: Pick<BuyerRequirements, "hard">, use?: FaultUse): Term {
  return { value: reliability, weight: EXPOSED_WEIGHT * faultExposure(req, use) };
}
