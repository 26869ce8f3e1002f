import { BODY_LABELS, FUEL_LABELS } from "#app/lib/car-facts";
import type { BuyerRequirements } from "#app/lib/requirements";
import { modelKeyOf } from "#app/server/cars/equipment.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { thirdRowIn } from "#app/server/cars/variant.server";
import { rowInUse } from "./buyer-needs.server";
import type { Candidate } from "./candidates.server";
import { bootText, fuelText, fullName, seatsText, shortName } from "./facts-text.server";

// A stated preference (gearbox, fuel, body, make) the car misses leads its cons; with no strength left, the tagline gives facts.

const or = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} eller ${items.at(-1)}`);

const FUEL_WANTED: Record<keyof typeof FUEL_LABELS, string> = {
  ...FUEL_LABELS,
  el: "elbil",
  bensin: "bensinbil",
  diesel: "dieselbil",
};

/** A body the reading took from a model the buyer named ("min svågers Outback") rather than from the buyer's own words. */
function bodiesOfNamedModels(req: BuyerRequirements): Set<string> {
  const named = new Set(req.namedModels);
  return new Set(CATALOGUE.filter((variant) => named.has(modelKeyOf(variant))).flatMap((variant) => variant.bodies.map((body) => body.type)));
}

export function missedPreferences(c: Candidate, req: BuyerRequirements): string[] {
  const v = c.variant;
  const name = shortName(v);
  const out: string[] = [];
  const gearbox = req.preferredGearbox;
  if (gearbox && req.hard.gearbox === undefined && !v.gearboxes.includes(gearbox))
    out.push(
      `${name} finns bara med ${gearbox === "automat" ? "manuell växellåda" : "automatlåda"}; du ville helst ha ${gearbox === "automat" ? "automat" : "manuell"}.`,
    );
  const fuels = req.preferredFuels;
  if (fuels.length > 0 && req.hard.allowedFuels.length === 0 && !fuels.includes(v.fuel))
    out.push(`${name} är en ${fuelText(v)}; du ville helst ha ${or(fuels.map((fuel) => FUEL_WANTED[fuel]))}.`);
  const fromModels = bodiesOfNamedModels(req);
  const bodies = req.preferredBodyTypes.filter((body) => !fromModels.has(body));
  if (bodies.length > 0 && req.hard.bodyTypes.length === 0 && !bodies.includes(c.window.body.type))
    out.push(`${name} är en ${BODY_LABELS[c.window.body.type]}; du ville helst ha ${or(bodies.map((body) => BODY_LABELS[body]))}.`);
  const makes = req.preferredMakes;
  if (makes.length > 0 && req.hard.requiredMakes.length === 0 && !makes.includes(v.make))
    out.push(`${name} är av ett annat märke än det du helst ville ha (${or(makes)}).`);
  return out;
}

export function carInBrief(c: Candidate, req: BuyerRequirements): string {
  const v = c.variant;
  const body = c.window.body.type;
  const row = thirdRowIn(v, body);
  if (rowInUse(c, req)) return `${fullName(v)}: ${BODY_LABELS[body]}, ${seatsText(v, body)}, ${bootText(c)} (tredje raden fälld).`;
  const seats = row?.optional ? `${v.seats - row.seats} eller ${v.seats} säten` : `${v.seats} säten`;
  return `${fullName(v)}: ${BODY_LABELS[body]}, ${seats}, ${bootText(c)}.`;
}
