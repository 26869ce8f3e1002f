import type { BuyerRequirements, Usage } from "#app/lib/requirements";
import { variantDisplayName, variantShortName } from "#app/server/cars/catalogue.server";
import { calculateVehicleTax } from "#app/server/cars/vehicle-tax.server";
import { type Variant, type VariantBody, flawText } from "#app/server/cars/variant.server";
import type { Candidate } from "../candidates.server";

/**
 * What one card may say, computed once from the candidate and the buyer: the recommended years and
 * body, the tax of every recommended year, the power each year had, the ranges and the buyer's
 * daily driving. The fact checker judges every sentence of the card against this and nothing else.
 */

type YearTax = {
  year: number;
  /** Whole kronor per year, for each registration month we consider (March, August for 2018, December). */
  amounts: number[];
  /** A malus part above zero is in the tax for some registration month of this model year. */
  malus: boolean;
  /** Every registration month of this model year pays a malus part above zero. */
  alwaysMalus: boolean;
};

type YearPower = { from: number; to: number; hp: number };

export type CardFacts = {
  variant: Variant;
  names: string[];
  yearFrom: number;
  yearTo: number;
  body: VariantBody;
  taxes: YearTax[];
  /** Power per model year over the recommended years (more than one entry when it changed). */
  powers: YearPower[];
  /** Every power the variant had in any year (a year-qualified sentence may name any). */
  allPowers: number[];
  /** Outputs the variant's own name gives ("190/200 hk"), any of which a sentence may state. */
  namedPowers: number[];
  rangeMil?: number;
  winterRangeMil?: number;
  /** The buyer's driving on a driving day, mil. */
  dailyMil: number;
};

/** Days a year the car is driven: a commuter's working days plus some weekend trips. */
const DRIVING_DAYS_PER_YEAR = 300;

export function dailyMil(usage: Pick<Usage, "milPerYear">): number {
  return usage.milPerYear / DRIVING_DAYS_PER_YEAR;
}

function rangeMilOf(variant: Variant): number | undefined {
  return variant.rangeKm === undefined ? undefined : Math.round(variant.rangeKm / 10);
}

/**
 * The one winter range a card states: EVs use 20–40 % more energy in winter; a Norrland or
 * mountain buyer plans for the deeper end of that.
 */
export function winterRangeMil(variant: Variant, usage: Pick<Usage, "northern" | "winterNeeds">): number | undefined {
  const range = rangeMilOf(variant);
  if (range === undefined) return undefined;
  return Math.round(range * (usage.northern || usage.winterNeeds ? 0.65 : 0.75));
}

/** A tax figure per registration month: the reform of 1 July 2018 and the malus years turn on it. */
function taxForYear(variant: Variant, year: number, referenceYear: number): YearTax {
  const months = year === 2018 ? [3, 8, 12] : [3, 12];
  const results = months
    .filter((month) => year * 12 + month <= referenceYear * 12 + 7)
    .map((month) =>
      calculateVehicleTax({
        fuel: variant.fuel,
        combustionFuel: variant.combustionFuel,
        co2GPerKm: variant.co2.gPerKm,
        fordonsar: year,
        firstTaxable: { year, month },
        taxedAt: { year: referenceYear, month: 7 },
        curbWeightKg: variant.curbWeightKg,
      }),
    );
  // An elbil or a laddhybrid under 75 g/km is inside the malus years but pays no malus part.
  const paysMalus = results.map((result) => result.malus && result.parts.co2Part > 0);
  return {
    year,
    amounts: results.map((result) => result.annualTax),
    malus: paysMalus.some(Boolean),
    alwaysMalus: paysMalus.length > 0 && paysMalus.every(Boolean),
  };
}

const HP = /(\d{2,4})\s*hk\b/g;

/**
 * Power by model year. A flaw bound to some years that names powers says the first one is those
 * years' power and the second the other years' ("C 43 från 2016–2018 har 367 hk; med faceliften
 * 2019 höjdes effekten till 390 hk"); one power alone is those years', the variant's the rest.
 */
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

/** "(190/200 hk)", "190–204 hk": the outputs a variant's name covers. */
function namedPowers(name: string): number[] {
  const match = /(\d{2,4})\s*[/–-]\s*(\d{2,4})\s*hk\b/.exec(name);
  return match ? [Number(match[1]), Number(match[2])] : [];
}

export function cardFacts(candidate: Candidate, req: BuyerRequirements): CardFacts {
  const { variant, window } = candidate;
  const referenceYear = window.yearTo + candidate.costs.ageYears;
  const taxes: YearTax[] = [];
  for (let year = window.yearFrom; year <= window.yearTo; year++) taxes.push(taxForYear(variant, year, referenceYear));
  const byYear = powersByYear(variant);
  const powers = byYear
    .filter((entry) => entry.to >= window.yearFrom && entry.from <= window.yearTo)
    .map((entry) => ({ ...entry, from: Math.max(entry.from, window.yearFrom), to: Math.min(entry.to, window.yearTo) }));
  const range = rangeMilOf(variant);
  const winter = winterRangeMil(variant, req.usage);
  return {
    variant,
    names: [variantDisplayName(variant), variantShortName(variant), `${variant.model} ${variant.generation}`, variant.model],
    yearFrom: window.yearFrom,
    yearTo: window.yearTo,
    body: window.body,
    taxes,
    powers,
    allPowers: [...new Set([...byYear.map((entry) => entry.hp), ...namedPowers(variant.name)])],
    namedPowers: namedPowers(variant.name),
    ...(range !== undefined ? { rangeMil: range } : {}),
    ...(winter !== undefined ? { winterRangeMil: winter } : {}),
    dailyMil: dailyMil(req.usage),
  };
}

/** How brisk the car is, from power and weight (hk per tonne, with raw power as a floor). */
export type PowerClass = "slow" | "modest" | "brisk" | "fast";

export function powerClass(powerHp: number, curbWeightKg: number): PowerClass {
  const perTonne = powerHp / (curbWeightKg / 1000);
  if (perTonne >= 150 || powerHp >= 300) return "fast";
  if (perTonne >= 110 || powerHp >= 200) return "brisk";
  if (perTonne >= 70) return "modest";
  return "slow";
}
