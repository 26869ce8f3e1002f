import { BODY_LABELS, type BodyType, BodyTypeSchema, FUEL_LABELS, type Size } from "#app/lib/car-facts";
import { SHORTFALL_COPY } from "#app/lib/failure-copy";
import { formatNumber, formatSek } from "#app/lib/format";
import type { HardRequirements } from "#app/lib/requirements";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import type { Variant } from "#app/server/cars/variant.server";
import { activeRequirements, cheapestQualifyingPrice, type RequirementCode, violations } from "./enforcement.server";

/** The requirement the buyer stressed, or else the one ruling out the most cars, is never offered as a way out. */
export type Shortfall = {
  fitting: number;
  wanted: number;
  budgetNeeded: number | null;
  relaxations: { code: RequirementCode; fitting: number }[];
  kept: RequirementCode[];
  pair: { codes: [RequirementCode, RequirementCode]; fitting: number } | null;
  message: string;
};
const either = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} eller ${items.at(-1)}`);

const SIZE_WORDS: Record<Size, string> = { mini: "minibil", small: "liten bil", compact: "kompakt", midsize: "mellanstor", large: "stor", xl: "mycket stor" };

function bodyPhrase(bodies: readonly BodyType[]): string {
  const all = BodyTypeSchema.options;
  if (bodies.length > all.length / 2) return `att undvika ${either(all.filter((body) => !bodies.includes(body)).map((body) => BODY_LABELS[body]))}`;
  return `kaross ${either(bodies.map((body) => BODY_LABELS[body]))}`;
}

/** The size the reading holds; "småbil" only when that is what it holds. */
function sizePhrase(sizes: readonly Size[]): string {
  if (sizes.length === 2 && sizes.includes("mini") && sizes.includes("small")) return "småbilsstorlek";
  if (sizes.length === 4 && !sizes.includes("mini") && !sizes.includes("small")) return "större än en småbil";
  return `storlek ${either(sizes.map((size) => SIZE_WORDS[size]))}`;
}

export function requirementPhrase(code: RequirementCode, hard: HardRequirements): string {
  switch (code) {
    case "maxPrice":
      return `maxpriset ${formatSek(hard.maxPrice)}`;
    case "bodyTypes":
      return bodyPhrase(hard.bodyTypes);
    case "sizes":
      return sizePhrase(hard.sizes);
    case "minSeats":
      return `minst ${hard.minSeats} säten`;
    case "adultThirdRow":
      return "vuxenplats i tredje raden";
    case "awd":
      return "fyrhjulsdrift";
    case "minTowingKg":
      return `dragvikt på minst ${formatNumber(hard.minTowingKg ?? 0)} kg`;
    case "allowedFuels":
      return `${either(hard.allowedFuels.map((fuel) => FUEL_LABELS[fuel]))} som drivmedel`;
    case "excludedFuels":
      return `att undvika ${hard.excludedFuels.map((fuel) => (fuel === "el" ? "elbil" : FUEL_LABELS[fuel])).join(" och ")}`;
    case "minRangeKm":
      return `räckvidd på minst ${formatNumber((hard.minRangeKm ?? 0) / 10)} mil`;
    case "gearbox":
      return hard.gearbox === "automat" ? "automatlåda" : "manuell växellåda";
    case "requiredMakes":
      return `märket ${either(hard.requiredMakes)}`;
    case "excludedMakes":
      return `att undvika ${hard.excludedMakes.length > 3 ? "vissa märken" : hard.excludedMakes.join(", ")}`;
    case "minModelYear":
      return `årsmodell ${hard.minModelYear} eller nyare`;
    case "minPowerHp":
      return `minst ${hard.minPowerHp} hk`;
  }
}

const roundUp10k = (value: number) => Math.ceil(value / 10_000) * 10_000;

export function explainShortfall(
  hard: HardRequirements,
  wanted: number,
  catalogue: readonly Variant[] = CATALOGUE,
  stressed: readonly RequirementCode[] = [],
  shownOf: (variants: readonly Variant[]) => number = (variants) => variants.length,
): Shortfall | null {
  // Whether a shortfall exists is the catalogue's answer; the counts said are what the list would show (one card per model).
  const fittingWithout = (ignore: ReadonlySet<RequirementCode>) => shownOf(catalogue.filter((variant) => violations(variant, hard, ignore).length === 0));
  const variantsFitting = catalogue.filter((variant) => violations(variant, hard).length === 0).length;
  if (variantsFitting >= wanted) return null;
  const fitting = fittingWithout(new Set());

  const prices = catalogue
    .map((variant) => cheapestQualifyingPrice(variant, hard))
    .filter((price): price is number => price !== null)
    .sort((a, b) => a - b);
  const active = activeRequirements(hard);
  const needed = prices[wanted - 1] ?? prices.at(-1);
  const budgetNeeded = needed !== undefined && needed > hard.maxPrice && !stressed.includes("maxPrice") ? roundUp10k(needed) : null;
  const atBudget =
    budgetNeeded === null
      ? 0
      : shownOf(
          catalogue.filter(
            (variant) => (cheapestQualifyingPrice(variant, hard) ?? Infinity) <= budgetNeeded && violations(variant, hard, new Set(["maxPrice"])).length === 0,
          ),
        );

  const options = active
    .filter((code) => code !== "maxPrice")
    .map((code) => ({ code, fitting: fittingWithout(new Set([code])) }))
    .filter((option) => option.fitting > fitting)
    .sort((a, b) => b.fitting - a.fitting);
  const defining = options[0]?.code;
  const kept = [...new Set([...stressed, ...(defining ? [defining] : [])])].filter((code) => active.includes(code));
  const relaxations = options.filter((option) => !kept.includes(option.code)).slice(0, 2);

  const pair =
    budgetNeeded === null && relaxations.length === 0
      ? bestPair(
          active.filter((code) => code !== "maxPrice" && !kept.includes(code)),
          fittingWithout,
          fitting,
        )
      : null;

  const phrase = (code: RequirementCode) => requirementPhrase(code, hard);
  const ways: string[] = [];
  if (budgetNeeded !== null) ways.push(SHORTFALL_COPY["raise-budget"](formatSek(budgetNeeded), atBudget));
  for (const option of relaxations) ways.push(SHORTFALL_COPY["drop-one"](phrase(option.code), option.fitting));
  if (pair) {
    const [a, b] = pair.codes;
    ways.push(SHORTFALL_COPY["drop-two"](phrase(a), phrase(b), pair.fitting));
  }
  const asked = active.map(phrase).join(", ");
  const head = fitting === 0 ? SHORTFALL_COPY.none(asked) : SHORTFALL_COPY.few(fitting, wanted, asked);
  const lacking = kept.filter((code) => code !== "maxPrice").map(phrase);
  const plainly = SHORTFALL_COPY["catalogue-only"](fitting === 0, lacking);
  const tail = SHORTFALL_COPY.ways(ways);
  return { fitting, wanted, budgetNeeded, relaxations, kept, pair, message: `${head}${plainly}${tail}` };
}

function bestPair(codes: readonly RequirementCode[], fittingWithout: (ignore: ReadonlySet<RequirementCode>) => number, fitting: number): Shortfall["pair"] {
  let best: Shortfall["pair"] = null;
  for (let i = 0; i < codes.length; i++) {
    for (let j = i + 1; j < codes.length; j++) {
      const a = codes[i];
      const b = codes[j];
      if (!a || !b) continue;
      const count = fittingWithout(new Set([a, b]));
      if (count > fitting && count > (best?.fitting ?? 0)) best = { codes: [a, b], fitting: count };
    }
  }
  return best;
}
