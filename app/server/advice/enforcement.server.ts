import { HARD_READING_FIELDS, type HardRequirements } from "#app/lib/requirements";
import { priceForYear } from "#app/server/cars/catalogue.server";
import type { Variant } from "#app/server/cars/variant.server";

// Pure; `ignore` lets the shortfall explanation ask what dropping a requirement would add.

type Enforced = Exclude<(typeof HARD_READING_FIELDS)[number], "maxOdometerMil">;
// The reading's hard fields, in its order, beside the form's price and size; the odometer limit shapes the window, not the list.
export type RequirementCode = "maxPrice" | "sizes" | Enforced;
const REQUIREMENT_CODES: readonly RequirementCode[] = [
  "maxPrice",
  ...HARD_READING_FIELDS.flatMap((field): (Enforced | "sizes")[] => (field === "maxOdometerMil" ? [] : field === "bodyTypes" ? [field, "sizes"] : [field])),
];

export function activeRequirements(hard: HardRequirements): RequirementCode[] {
  return REQUIREMENT_CODES.filter((code) => {
    switch (code) {
      case "maxPrice":
        return true;
      case "adultThirdRow":
      case "awd":
        return hard[code];
      case "bodyTypes":
      case "sizes":
      case "allowedFuels":
      case "excludedFuels":
      case "requiredMakes":
      case "excludedMakes":
        return hard[code].length > 0;
      default:
        return hard[code] !== undefined;
    }
  });
}

/** A Superb or V70 estate holds more than an E-Klass estate: the load space is what a large estate means. */
const LARGE_ESTATE_BOOT_LITRES = 540;

/** "Stor" is a floor, not a band: no wish means "large but nothing larger", so a bigger van or SUV meets it. */
function meetsSize(variant: Variant, hard: HardRequirements): boolean {
  if (hard.sizes.length === 0 || hard.sizes.includes(variant.size)) return true;
  if (!hard.sizes.includes("large")) return false;
  if (variant.size === "xl") return true;
  const estates = variant.bodies.filter((body) => body.type === "kombi" && (hard.bodyTypes.length === 0 || hard.bodyTypes.includes("kombi")));
  return variant.size === "midsize" && estates.some((body) => (body.bootLitres ?? 0) >= LARGE_ESTATE_BOOT_LITRES);
}

/** Minibuses, vans and pickups count their extra seats as a real bench. */
function adultSeatsBeyondFive(variant: Variant): boolean {
  if (variant.seats <= 5) return false;
  if (variant.thirdRow) return variant.thirdRow.adultSized;
  return variant.bodies.some((body) => body.type === "familjebuss" || body.type === "skapbil" || body.type === "pickup");
}

/** Model years that meet the year-bound requirements: oldest year, years the body was sold, years of the third row. */
export function eligibleYears(variant: Variant, hard: HardRequirements, ignore: ReadonlySet<RequirementCode> = new Set()): [number, number] | null {
  let [from, to] = variant.years;
  if (hard.minModelYear !== undefined && !ignore.has("minModelYear")) from = Math.max(from, hard.minModelYear);
  // An automatic that came later narrows the years for a buyer who requires one.
  if (hard.gearbox === "automat" && variant.automaticFrom !== undefined && !ignore.has("gearbox")) from = Math.max(from, variant.automaticFrom);
  if (hard.bodyTypes.length > 0 && !ignore.has("bodyTypes")) {
    const bodies = variant.bodies.filter((body) => hard.bodyTypes.includes(body.type));
    if (bodies.length === 0) return null;
    from = Math.max(from, Math.min(...bodies.map((body) => (body.years ?? variant.years)[0])));
    to = Math.min(to, Math.max(...bodies.map((body) => (body.years ?? variant.years)[1])));
  }
  const rowBody = variant.thirdRow?.body;
  if ((hard.minSeats ?? 0) > 5 && rowBody !== undefined && hard.bodyTypes.length > 0 && !hard.bodyTypes.includes(rowBody) && !ignore.has("minSeats"))
    return null;
  if ((hard.minSeats ?? 0) > 5 && variant.thirdRow?.years && !ignore.has("minSeats")) {
    from = Math.max(from, variant.thirdRow.years[0]);
    to = Math.min(to, variant.thirdRow.years[1]);
  }
  return from <= to ? [from, to] : null;
}

export function violations(variant: Variant, hard: HardRequirements, ignore: ReadonlySet<RequirementCode> = new Set()): RequirementCode[] {
  const broken: RequirementCode[] = [];
  const check = (code: RequirementCode, ok: boolean) => {
    if (!ok && !ignore.has(code)) broken.push(code);
  };
  const combustion = variant.combustionFuel;
  check("sizes", meetsSize(variant, hard));
  check("bodyTypes", hard.bodyTypes.length === 0 || variant.bodies.some((body) => hard.bodyTypes.includes(body.type)));
  check("minSeats", variant.seats >= (hard.minSeats ?? 0));
  check("adultThirdRow", !hard.adultThirdRow || (hard.minSeats ?? 0) <= 5 || adultSeatsBeyondFive(variant));
  check("awd", !hard.awd || variant.drivetrain === "awd");
  check("minTowingKg", variant.towingKg >= (hard.minTowingKg ?? 0));
  check("allowedFuels", hard.allowedFuels.length === 0 || hard.allowedFuels.includes(variant.fuel));
  check("excludedFuels", !hard.excludedFuels.includes(variant.fuel) && !(combustion !== undefined && hard.excludedFuels.includes(combustion)));
  check("minRangeKm", variant.fuel !== "el" || (variant.rangeKm ?? 0) >= (hard.minRangeKm ?? 0));
  check("gearbox", hard.gearbox === undefined || variant.gearboxes.includes(hard.gearbox));
  check("requiredMakes", hard.requiredMakes.length === 0 || hard.requiredMakes.includes(variant.make));
  check("excludedMakes", !hard.excludedMakes.includes(variant.make));
  check("minModelYear", variant.years[1] >= (hard.minModelYear ?? 0));
  check("minPowerHp", variant.powerHp >= (hard.minPowerHp ?? 0));
  const years = eligibleYears(variant, hard, ignore);
  if (!years) {
    if (broken.length === 0) broken.push(hard.minModelYear !== undefined && !ignore.has("minModelYear") ? "minModelYear" : "minSeats");
  } else if (!ignore.has("maxPrice") && affordableYear(variant, hard.maxPrice, years) === null) {
    broken.push("maxPrice");
  }
  return broken;
}

export function affordableYear(variant: Variant, maxPrice: number, years: [number, number]): number | null {
  for (let year = years[1]; year >= years[0]; year--) {
    const price = priceForYear(variant, year);
    if (price !== null && price <= maxPrice) return year;
  }
  return null;
}

export function cheapestQualifyingPrice(variant: Variant, hard: HardRequirements): number | null {
  if (violations(variant, hard, new Set(["maxPrice"])).length > 0) return null;
  const years = eligibleYears(variant, hard);
  return years ? priceForYear(variant, years[0]) : null;
}
