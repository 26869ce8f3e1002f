import { DRIVETRAIN_LABELS } from "#app/lib/car-facts";
import { formatMil, formatNumber, formatSek } from "#app/lib/format";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { roundTo } from "#app/server/cars/ownership-cost.server";
import { flawsForYears } from "#app/server/cars/variant.server";
import type { Candidate, Ratings } from "./candidates.server";
import type { CarTexts } from "./contracts.server";
import { activeRequirements } from "./enforcement.server";
import {
  bootText,
  consumptionText,
  fuelText,
  fullName,
  ncapText,
  priceWindowText,
  rangeMil,
  requirementFit,
  shortName,
} from "./facts-text.server";

/**
 * The offline engine's prose: every sentence is built from this variant's facts and this buyer's
 * requirements, and carries the car's name or its own figures, so no two cars of one result share
 * a sentence and nothing is said that the facts do not support.
 */

const WISH_LABELS: Record<WishKey, (c: Candidate) => string> = {
  comfort: () => "komfort",
  economy: (c) => `låg driftskostnad (cirka ${formatSek(Math.round(c.costs.total / 12 / 10) * 10)} i månaden)`,
  safety: (c) => (c.variant.ncap ? `säkerhet (${c.variant.ncap.stars} stjärnor i Euro NCAP)` : "säkerhet"),
  space: (c) => `utrymme (${bootText(c)})`,
  reliability: (c) => `driftsäkerhet (${c.ratings.reliability} av 100 i vår bedömning)`,
  sporty: (c) => `körglädje (${c.variant.powerHp} hk)`,
  highSeating: () => "hög sittposition",
  groundClearance: () => "bra markfrigång",
  lowInsurance: (c) => `låg försäkringskostnad (cirka ${formatSek(c.costs.insurance)} per år)`,
  cityFriendly: () => "en bil som är lätt att parkera i stan",
  environment: (c) => (c.variant.fuel === "el" ? "inga avgasutsläpp" : `låga utsläpp (${c.variant.co2.gPerKm} g CO₂/km)`),
  cheapToBuy: (c) => `lågt inköpspris (från ${formatSek(c.window.priceFrom)})`,
  awd: () => "fyrhjulsdrift",
  towing: (c) => `dragkrok (${formatNumber(c.variant.towingKg)} kg bromsat släp)`,
  longTrips: () => "långresor",
};

function joinSv(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

function whyItFits(c: Candidate, req: BuyerRequirements): string {
  const name = fullName(c.variant);
  const fits = activeRequirements(req.hard)
    .map((code) => requirementFit(code, c, req))
    .filter((text): text is string => text !== null);
  const first = fits.length > 0 ? `${name} uppfyller dina krav: ${joinSv(fits)}.` : `${name} är en ${fuelText(c.variant)} med ${DRIVETRAIN_LABELS[c.variant.drivetrain]} och ${c.variant.powerHp} hk.`;
  const budget = `Med ${formatSek(req.hard.maxPrice)} räcker pengarna till ${priceWindowText(c)}.`;
  const liked = (Object.entries(c.wishFit) as [WishKey, number][]).filter(([, fit]) => fit >= 60).map(([key]) => WISH_LABELS[key](c));
  const wishes = liked.length > 0 ? ` Den möter också dina önskemål om ${joinSv(liked.slice(0, 4))}.` : "";
  return `${first} ${budget}${wishes}`;
}

function costSentence(c: Candidate, req: BuyerRequirements): string {
  const k = c.costs;
  const mil = `${formatMil(req.usage.milPerYear)} per år (${req.usage.milPerYearStated ? "som du skrev" : "vårt antagande"})`;
  return (
    `Med ${mil} kostar drivmedlet för ${shortName(c.variant)} cirka ${formatSek(k.fuel)} per år (${consumptionText(c.variant)}), ` +
    `skatten ${formatSek(k.tax)}, försäkringen cirka ${formatSek(k.insurance)} och service med däck cirka ${formatSek(k.maintenance)}, ` +
    `totalt runt ${formatSek(Math.round(k.total / 12 / 10) * 10)} i månaden.`
  );
}

function energySentence(c: Candidate, req: BuyerRequirements): string | null {
  const v = c.variant;
  if (v.fuel === "el") {
    const winter = Math.round(rangeMil(v) * (req.usage.northern ? 0.65 : 0.75));
    return `Batteriet på ${formatNumber(v.batteryKwh ?? 0)} kWh räcker runt ${formatMil(rangeMil(v))} i mild väderlek och ungefär ${formatMil(winter)} i sträng kyla.`;
  }
  if (v.fuel === "laddhybrid") {
    const daily = req.usage.milPerYear / 300;
    const share = rangeMil(v) >= daily ? "räcker för de flesta av dina dagliga resor" : "räcker bara till en del av dina dagliga resor";
    return `Elräckvidden på cirka ${formatMil(rangeMil(v))} i ${shortName(v)} ${share}, så ladda hemma för att få ner bränslekostnaden.`;
  }
  return null;
}

function taxNote(c: Candidate): string | null {
  if (c.costs.malus) return `${shortName(c.variant)} av årsmodell ${c.window.yearTo} betalar fortfarande malus: ${formatSek(c.costs.tax)} per år tills bilen är tre år.`;
  if (c.costs.taxIfRegisteredAfterJuly2018 !== undefined && c.window.yearFrom <= 2018 && c.window.yearTo >= 2018) {
    return `För ${shortName(c.variant)} av 2018 års modell beror skatten på registreringsmånaden: registrerad efter 1 juli 2018 blir den ${formatSek(c.costs.taxIfRegisteredAfterJuly2018)} per år.`;
  }
  return null;
}

function deepDive(c: Candidate, req: BuyerRequirements): string {
  const v = c.variant;
  const parts = [
    `Leta efter ${fullName(v)} (${v.generation}) av ${priceWindowText(c)}.`,
    costSentence(c, req),
    taxNote(c),
    energySentence(c, req),
    `${ncapText(v)}.`,
    ...v.reliabilityNotes,
  ];
  return parts.filter((part): part is string => part !== null).join(" ");
}

/** A weakness sentence per rating dimension, with the variant's own figures. */
const WEAK_POINTS: Record<keyof Ratings, (c: Candidate, req: BuyerRequirements) => string> = {
  comfort: (c) => `${shortName(c.variant)} är stötigare och bullrigare än de bekvämaste bilarna (komfort ${c.ratings.comfort} av 100).`,
  performance: (c) => `${c.variant.powerHp} hk i en bil på ${formatNumber(c.variant.curbWeightKg)} kg gör ${shortName(c.variant)} mer lugn än pigg.`,
  security: (c) => `${ncapText(c.variant)}, så säkerhetsnivån är lägre än i nyare bilar.`,
  reliability: (c) => `Driftsäkerheten för ${shortName(c.variant)} är ${c.ratings.reliability} av 100 i vår bedömning, så kräv servicehistorik och gärna en begagnattest.`,
  economy: (c, req) => `Att äga ${shortName(c.variant)} kostar cirka ${formatSek(roundTo(c.costs.total, 100))} per år vid ${formatMil(req.usage.milPerYear)}, mer än snittet.`,
};

function cons(c: Candidate, req: BuyerRequirements): string[] {
  const v = c.variant;
  const name = shortName(v);
  const out: string[] = [];
  const needsSeats = (req.hard.minSeats ?? 0) > 5;
  if (needsSeats && v.thirdRow?.optional) out.push(`Tredje raden var tillval i ${name}: välj en annons där bilen har ${v.seats} säten.`);
  if (needsSeats && v.thirdRow && !v.thirdRow.adultSized) out.push(`Tredje raden i ${name} passar barn, inte vuxna på längre resor.`);
  if (v.fuel === "el" && (req.usage.northern || req.usage.winterNeeds)) {
    out.push(`I norrländsk vinter sjunker räckvidden för ${name} till ungefär ${formatMil(Math.round(rangeMil(v) * 0.65))}.`);
  }
  if (req.usage.driverAge !== undefined && req.usage.driverAge < 25) {
    out.push(`Som ${req.usage.driverAge}-åring betalar du cirka ${formatSek(c.costs.insurance)} per år i försäkring för ${name}.`);
  }
  if (c.costs.malus) out.push(`Malus gör skatten för ${name} hög de första åren: ${formatSek(c.costs.tax)} per år.`);
  for (const [key, fit] of Object.entries(c.wishFit) as [WishKey, number][]) {
    if (fit < 40) out.push(`Ditt önskemål om ${WISH_LABELS[key](c)} uppfyller ${name} bara delvis.`);
  }
  const weakest = (Object.keys(c.ratings) as (keyof Ratings)[]).sort((a, b) => c.ratings[a] - c.ratings[b])[0] ?? "economy";
  out.push(WEAK_POINTS[weakest](c, req));
  return out.slice(0, 4);
}

function pros(c: Candidate, req: BuyerRequirements): string[] {
  const v = c.variant;
  const out = [...v.strengths.slice(0, 3)];
  if (req.hard.minTowingKg !== undefined) out.unshift(`${shortName(v)} får dra ${formatNumber(v.towingKg)} kg bromsat släp.`);
  if (req.hard.awd) out.unshift(`${shortName(v)} har ${DRIVETRAIN_LABELS.awd} i den här versionen.`);
  return out.slice(0, 4);
}

/** The texts for one candidate, from facts only. */
export function writeLocally(c: Candidate, req: BuyerRequirements): CarTexts {
  return {
    tagline: c.variant.strengths[0] ?? `${fullName(c.variant)}.`,
    whyItFits: whyItFits(c, req),
    deepDive: deepDive(c, req),
    commonFlaws: flawsForYears(c.variant, c.window.yearFrom, c.window.yearTo).join(" "),
    pros: pros(c, req).slice(1),
    cons: cons(c, req),
  };
}
