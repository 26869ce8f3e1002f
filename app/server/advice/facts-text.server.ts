import { BODY_LABELS, type BodyType } from "#app/lib/car-facts";
import { formatDecimal, formatMil, formatNumber, formatSek, rangeKmToMil } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import { variantDisplayName, variantShortName } from "#app/server/cars/catalogue.server";
import { isVerified, seatsIn, thirdRowIn, type Variant } from "#app/server/cars/variant.server";
import type { Candidate } from "./candidates.server";
import type { RequirementCode } from "./enforcement.server";
import { choose } from "./variation.server";

// Shared by the local writer and the OpenAI prompt, so both say the same thing about the same car.

/** One or two decimals, as "7,0" or "6,45". */
const decimalText = (value: number) => formatDecimal(value, { minFraction: 1, maxFraction: 2 });

/** Unique within a result, so sentences that carry it never repeat. */
export const shortName = variantShortName;
export const fullName = variantDisplayName;

export function fuelText(variant: Variant): string {
  switch (variant.fuel) {
    case "el":
      return "elbil";
    case "laddhybrid":
      return `laddhybrid med ${variant.combustionFuel === "diesel" ? "dieselmotor" : "bensinmotor"}`;
    case "elhybrid":
      return variant.combustionFuel === "diesel" ? "dieselhybrid" : "elhybrid";
    case "bensin":
      return "bensinbil";
    case "diesel":
      return "dieselbil";
    case "e85":
      return "etanolbil (E85)";
    case "gas":
      return "biogasbil";
  }
}

export function consumptionText(variant: Variant): string {
  const c = variant.consumption;
  const perMil = (value: number | undefined) => decimalText((value ?? 0) / 10);
  switch (variant.fuel) {
    case "el":
      return `${perMil(c.kwhPer100Km)} kWh/mil`;
    case "laddhybrid":
      return `${perMil(c.litresPer100Km)} l + ${perMil(c.kwhPer100Km)} kWh per mil`;
    case "gas":
      return `${perMil(c.kgPer100Km)} kg gas/mil`;
    default:
      return `${perMil(c.litresPer100Km)} l/mil`;
  }
}

/** The ownership cost a month, the one figure every sentence of a card gives for it (rounded to 100 kr). */
export function monthlyCostText(candidate: Candidate): string {
  return formatSek(Math.round(candidate.costs.total / 12 / 100) * 100);
}

/** The battery as the card's name gives it ("105 kWh"), with the usable figure beside it when that is smaller. */
export function batteryText(variant: Variant): string {
  const usable = variant.batteryKwh ?? 0;
  const about = isVerified(variant, "batteryKwh") ? "" : "cirka ";
  const named = /(\d+(?:,\d+)?)\s*kWh/.exec(variant.name)?.[1];
  if (named && Math.abs(Number(named.replace(",", ".")) - usable) > 0.5) return `${named} kWh (${about}${decimalOrWhole(usable)} kWh användbart)`;
  return `${about}${decimalOrWhole(usable)} kWh`;
}

const decimalOrWhole = (value: number) => (Number.isInteger(value) ? formatNumber(value) : formatDecimal(value, { maxFraction: 1 }));

export function rangeMil(variant: Variant): number {
  return rangeKmToMil(variant.rangeKm ?? 0);
}

export function seatsText(variant: Variant, bodyType: BodyType): string {
  const row = thirdRowIn(variant, bodyType);
  const seats = seatsIn(variant, bodyType);
  if (!row) return `${seats} säten`;
  if (!row.optional) return `${seats} säten med en tredje rad ${row.adultSized ? "där även vuxna får plats" : "för barn"}`;
  // The option is the row, never the children: "den tredje raden för barn som var tillval" read both ways.
  return `${seats - row.seats} säten som standard, ${seats} med den tredje raden som var tillval${row.adultSized ? ", där även vuxna får plats" : " och passar barn"}`;
}

/** A van's or a pickup's space is for goods, not luggage: "lastutrymme", never "bagage". */
export function bootWord(body: BodyType): "bagage" | "lastutrymme" {
  return body === "skapbil" || body === "pickup" ? "lastutrymme" : "bagage";
}

export function bootText(candidate: Candidate): string {
  const body = candidate.window.body;
  const about = isVerified(candidate.variant, "bootLitres") ? "" : "cirka ";
  if (body.bootLitres === null) return "öppet lastflak";
  return `${about}${formatNumber(body.bootLitres)} liter ${bootWord(body.type)}${bodyVersion(candidate)}`;
}

/** " i kombiversionen" only when the variant comes in more than one body: a Kodiaq has no other version. */
export function bodyVersion(candidate: Candidate): string {
  return candidate.variant.bodies.length > 1 ? ` i ${BODY_LABELS[candidate.window.body.type]}-versionen` : "";
}

/** A size as the buyer's form names it: "mini" and "small" are both a småbil. */
const SIZE_WORDS: Record<Variant["size"], string> = {
  mini: "småbil",
  small: "småbil",
  compact: "kompaktbil",
  midsize: "mellanklassbil",
  large: "stor bil",
  xl: "mycket stor bil",
};

export function requirementFit(code: RequirementCode, candidate: Candidate, req: BuyerRequirements): string | null {
  const v = candidate.variant;
  const hard = req.hard;
  switch (code) {
    case "awd":
      return "fyrhjulsdrift";
    case "minSeats": {
      // As the buyer asked, then what the car has; "den", as a name may carry brackets of its own ("Outback 2.5i CVT (175 hk)").
      const row = thirdRowIn(v, candidate.window.body.type);
      if (row?.optional) {
        const standard = seatsIn(v, candidate.window.body.type) - row.seats;
        if (standard < (hard.minSeats ?? 0)) return null;
        return standard === hard.minSeats ? `minst ${standard} säten` : `minst ${hard.minSeats} säten (den har ${standard} säten)`;
      }
      const has = seatsText(v, candidate.window.body.type);
      return has === `${hard.minSeats} säten` ? `minst ${has}` : `minst ${hard.minSeats} säten (den har ${has})`;
    }
    case "adultThirdRow":
      return null; // said by minSeats
    case "minTowingKg": {
      const margin = v.towingKg - (hard.minTowingKg ?? 0);
      // An assumed weight is ours, never "dina" kg.
      const assumed = req.assumptions.some((assumption) => assumption.field === "minTowingKg");
      const floor = `${formatNumber(hard.minTowingKg ?? 0)} kg`;
      const fit = assumed
        ? margin > 0
          ? `${formatNumber(margin)} kg över de ${floor} vi antog`
          : `lika med de ${floor} vi antog`
        : margin > 0
          ? `${formatNumber(margin)} kg över dina ${floor}`
          : "samma som ditt krav, alltså ingen marginal";
      return `dragvikt ${isVerified(v, "towingKg") ? "" : "cirka "}${formatNumber(v.towingKg)} kg (${fit})`;
    }
    case "allowedFuels":
      return fuelText(v);
    case "excludedFuels":
      return `${fuelText(v)}, inte ${hard.excludedFuels.join(" eller ")}`;
    case "minRangeKm":
      return v.fuel === "el" ? `räckvidd runt ${formatMil(rangeMil(v))} (du vill ha minst ${formatMil(Math.round((hard.minRangeKm ?? 0) / 10))})` : null;
    case "gearbox":
      return hard.gearbox === "automat" ? "automatlåda" : "manuell växellåda";
    case "requiredMakes":
      return `märket ${v.make}`;
    // The fact the requirement asked about, not the boot: "cabriolet", "småbil".
    case "bodyTypes":
      return BODY_LABELS[candidate.window.body.type];
    case "sizes":
      return SIZE_WORDS[v.size];
    case "minModelYear":
      return `årsmodell ${candidate.window.yearFrom}–${candidate.window.yearTo}`;
    case "minPowerHp":
      return `${isVerified(v, "powerHp") ? "" : "cirka "}${v.powerHp} hk`;
    case "excludedMakes":
    case "maxPrice":
      return null;
  }
}

/** A crash-test result with no source behind it is never stated as a fact on a card. */
export const knownNcap = (variant: Variant) => (isVerified(variant, "ncap") ? variant.ncap : undefined);

export function ncapText(variant: Variant): string {
  const ncap = knownNcap(variant);
  if (!ncap)
    return variant.ncap
      ? choose(`${variant.id}:ncap-unchecked`, [
          `Euro NCAP-resultatet för ${shortName(variant)} i faktarutan har vi inte kunnat kontrollera mot källan`,
          `Vi har inte kunnat kontrollera stjärnorna i faktarutan för ${shortName(variant)} mot Euro NCAP:s egen uppgift`,
          `Stjärnorna i faktarutan för ${shortName(variant)} är inte kontrollerade mot Euro NCAP:s egen uppgift`,
        ])
      : `${shortName(variant)} har inget Euro NCAP-resultat`;
  const name = shortName(variant);
  const pack = ncap.pack ? ` (${ncap.pack} med det extra säkerhetspaketet)` : "";
  // The result is the generation's own test, so never "bygger på en bil som", and a sentence never opens with a figure.
  return choose(`${variant.id}:ncap`, [
    `${name} fick ${ncap.stars} av 5 stjärnor i Euro NCAP ${ncap.year}${pack}`,
    `Krocktestet i Euro NCAP ${ncap.year} gav ${name} ${ncap.stars} av 5 stjärnor${pack}`,
    `Euro NCAP gav ${name} ${ncap.stars} av 5 stjärnor i testet ${ncap.year}${pack}`,
    `När Euro NCAP testade ${name} ${ncap.year} blev det ${ncap.stars} av 5 stjärnor${pack}`,
  ]);
}
