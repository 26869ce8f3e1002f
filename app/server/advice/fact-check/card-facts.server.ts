import { rangeKmToMil } from "#app/lib/format";
import type { BuyerRequirements, HardRequirements, Usage, WishKey } from "#app/lib/requirements";
import { statedWishes } from "#app/lib/said-wishes";
import { CATALOGUE, generationKey, variantDisplayName, variantShortName } from "#app/server/cars/catalogue.server";
import { DRIVING_DAYS_PER_YEAR } from "#app/server/cars/ownership-cost.server";
import { calculateVehicleTax } from "#app/server/cars/vehicle-tax.server";
import { winterRangeKm } from "#app/server/cars/winter-range.server";
import { type Variant, type VariantBody, flawText } from "#app/server/cars/variant.server";
import type { Candidate } from "../candidates.server";

// The fact checker judges every sentence of a card against these facts and nothing else.

type YearTax = {
  year: number;
  /** Registered in March, in August for 2018 (the reform of 1 July), and in December. */
  amounts: number[];
  dieselExtras: number[];
  malus: boolean;
  alwaysMalus: boolean;
};

type YearPower = { from: number; to: number; hp: number };

export type CardFacts = {
  variant: Variant;
  names: string[];
  yearFrom: number;
  yearTo: number;
  referenceYear: number;
  mileageTo?: number;
  body: VariantBody;
  taxes: YearTax[];
  powers: YearPower[];
  /** Any year's power: a year-qualified sentence may name any. */
  allPowers: number[];
  /** "190/200 hk" in the variant's name: a sentence may state either. */
  namedPowers: number[];
  rangeMil?: number;
  winterRangeMil?: number;
  dailyMil: number;
  milPerYear: number;
  priceFrom: number;
  priceTo: number;
  generationFrom: number;
  /** A northern or winter buyer: a plug-in's mild-weather electric share is not theirs. */
  winter?: boolean;
  /** Whether the buyer said how far they drive: only then may a sentence speak of "dina resor". */
  tripsStated: boolean;
  /** The buyer's hard requirements, which the requirement sentence names. */
  hard: HardRequirements;
  statedWishes: WishKey[];
  energyPerMil?: number;
  insuranceLevel?: "halv" | "hel";
  /** The battery figure a name carries ("4S 105 kWh"), often the gross one beside a smaller usable one. */
  namedBatteryKwh?: number;
};

export function dailyMil(usage: Pick<Usage, "milPerYear">): number {
  return usage.milPerYear / DRIVING_DAYS_PER_YEAR;
}

function rangeMilOf(variant: Variant): number | undefined {
  return variant.rangeKm === undefined ? undefined : rangeKmToMil(variant.rangeKm);
}

/** The same winter range the ranking meets a range need with: the catalogue's own figure when it states one. */
export function winterRangeMil(variant: Variant, usage: Pick<Usage, "northern" | "winterNeeds">): number | undefined {
  const km = winterRangeKm(variant, usage);
  return km === undefined ? undefined : Math.round(km / 10);
}

function taxForYear(variant: Variant, year: number, referenceYear: number): YearTax {
  const months = year === 2018 ? [3, 8, 12] : [3, 12];
  const taxed = months.filter((month) => year * 12 + month <= referenceYear * 12 + 7);
  const tax = (fuel: Variant["fuel"], combustionFuel: Variant["combustionFuel"]) =>
    taxed.map((month) =>
      calculateVehicleTax({
        fuel,
        combustionFuel,
        co2GPerKm: variant.co2.gPerKm,
        fordonsar: year,
        firstTaxable: { year, month },
        taxedAt: { year: referenceYear, month: 7 },
        curbWeightKg: variant.curbWeightKg,
      }),
    );
  const results = tax(variant.fuel, variant.combustionFuel);
  const asPetrol = tax(variant.fuel === "diesel" ? "bensin" : variant.fuel, variant.combustionFuel === "diesel" ? "bensin" : variant.combustionFuel);
  // An elbil or a laddhybrid under 75 g/km is inside the malus years but pays no malus part.
  const paysMalus = results.map((result) => result.malus && result.parts.co2Part > 0);
  return {
    year,
    amounts: results.map((result) => result.annualTax),
    dieselExtras: results.map((result, at) => result.annualTax - asPetrol[at]!.annualTax),
    malus: paysMalus.some(Boolean),
    alwaysMalus: paysMalus.length > 0 && paysMalus.every(Boolean),
  };
}

const HP = /(\d{2,4})\s*hk\b/g;

/** A year-bound flaw naming two powers gives those years' first and the other years' second ("367 hk; från 2019 390 hk"). */
function powersByYear(variant: Variant): YearPower[] {
  const [first, last] = variant.years;
  const inside: YearPower[] = [];
  let outside = variant.powerHp;
  for (const flaw of variant.knownFlaws) {
    if (typeof flaw === "string") continue;
    const named = [...flawText(flaw).matchAll(HP)].map((match) => Number(match[1]));
    const [own, other] = named;
    if (own === undefined || (named.length === 1 && own === variant.powerHp)) continue;
    inside.push({ from: flaw.years[0], to: flaw.years[1], hp: own });
    if (other !== undefined) outside = other;
  }
  const out: YearPower[] = [];
  for (let year = first; year <= last; year++) {
    const hp = inside.find((entry) => entry.from <= year && entry.to >= year)?.hp ?? outside;
    const previous = out.at(-1);
    if (previous && previous.hp === hp && previous.to === year - 1) previous.to = year;
    else out.push({ from: year, to: year, hp });
  }
  return out;
}

export function windowPowers(variant: Variant, window: { yearFrom: number; yearTo: number }): YearPower[] {
  return powersByYear(variant)
    .filter((entry) => entry.to >= window.yearFrom && entry.from <= window.yearTo)
    .map((entry) => ({ ...entry, from: Math.max(entry.from, window.yearFrom), to: Math.min(entry.to, window.yearTo) }));
}

export function windowPowerHp(variant: Variant, window: { yearFrom: number; yearTo: number }): number {
  return powersByYear(variant).find((entry) => entry.from <= window.yearTo && entry.to >= window.yearTo)?.hp ?? variant.powerHp;
}

function namedPowers(name: string): number[] {
  const match = /(\d{2,4})\s*[/–-]\s*(\d{2,4})\s*hk\b/.exec(name);
  return match ? [Number(match[1]), Number(match[2])] : [];
}

function namedBattery(name: string): { namedBatteryKwh?: number } {
  const match = /(\d+(?:,\d+)?)\s*kWh/.exec(name);
  return match ? { namedBatteryKwh: Number(match[1]!.replace(",", ".")) } : {};
}

const GENERATION_FROM = new Map<string, number>();
for (const entry of CATALOGUE) {
  const key = generationKey(entry);
  GENERATION_FROM.set(key, Math.min(GENERATION_FROM.get(key) ?? entry.years[0], entry.years[0]));
}
const generationFrom = (variant: Variant) => Math.min(GENERATION_FROM.get(generationKey(variant)) ?? variant.years[0], variant.years[0]);

export function cardFacts(candidate: Candidate, req: BuyerRequirements): CardFacts {
  const { variant, window } = candidate;
  const referenceYear = window.yearTo + candidate.costs.ageYears;
  const taxes: YearTax[] = [];
  for (let year = window.yearFrom; year <= window.yearTo; year++) taxes.push(taxForYear(variant, year, referenceYear));
  const byYear = powersByYear(variant);
  const powers = windowPowers(variant, window);
  const range = rangeMilOf(variant);
  const winter = winterRangeMil(variant, req.usage);
  return {
    variant,
    names: [variantDisplayName(variant), variantShortName(variant), `${variant.model} ${variant.generation}`, variant.model],
    yearFrom: window.yearFrom,
    yearTo: window.yearTo,
    referenceYear,
    ...(window.mileageTo !== undefined ? { mileageTo: window.mileageTo } : {}),
    body: window.body,
    taxes,
    powers,
    allPowers: [...new Set([...byYear.map((entry) => entry.hp), ...namedPowers(variant.name)])],
    namedPowers: namedPowers(variant.name),
    ...(range !== undefined ? { rangeMil: range } : {}),
    ...(winter !== undefined ? { winterRangeMil: winter } : {}),
    dailyMil: dailyMil(req.usage),
    milPerYear: req.usage.milPerYear,
    priceFrom: window.priceFrom,
    priceTo: window.priceTo,
    generationFrom: generationFrom(variant),
    winter: req.usage.northern || req.usage.winterNeeds,
    tripsStated: req.usage.milPerYearStated,
    hard: req.hard,
    statedWishes: statedWishes(req),
    ...namedBattery(variant.name),
    ...(candidate.costs.energyPerMil !== undefined ? { energyPerMil: candidate.costs.energyPerMil } : {}),
    ...(candidate.costs.fullInsurance !== undefined ? { insuranceLevel: candidate.costs.fullInsurance ? ("hel" as const) : ("halv" as const) } : {}),
  };
}

export type PowerClass = "slow" | "modest" | "brisk" | "fast";

export function powerClass(powerHp: number, curbWeightKg: number): PowerClass {
  const perTonne = powerHp / (curbWeightKg / 1000);
  if (perTonne >= 150 || powerHp >= 300) return "fast";
  if (perTonne >= 110 || powerHp >= 200) return "brisk";
  if (perTonne >= 70) return "modest";
  return "slow";
}
