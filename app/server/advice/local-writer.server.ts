import { DRIVETRAIN_LABELS } from "#app/lib/car-facts";
import { formatMil, formatNumber, formatSek } from "#app/lib/format";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { roundTo } from "#app/server/cars/ownership-cost.server";
import { flawsForYears } from "#app/server/cars/variant.server";
import type { Candidate, Ratings } from "./candidates.server";
import type { CarTexts } from "./contracts.server";
import { activeRequirements } from "./enforcement.server";
import { type CardFacts, cardFacts, powerClass, winterRangeMil } from "./fact-check/card-facts.server";
import { checkSentence } from "./fact-check/check-card.server";
import {
  bootText,
  consumptionText,
  formatDecimal,
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
  // Equipment we rank on but have not sourced per car (an option, or unverified), and a quietness
  // derived from other ratings: weighed, never claimed.
  airSuspension: () => "",
  parkingHeater: () => "",
  quiet: () => "",
  lowRange: () => "",
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
  const liked = (Object.entries(c.wishFit) as [WishKey, number][]).filter(([, fit]) => fit >= 60).map(([key]) => WISH_LABELS[key](c)).filter((label) => label !== "");
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
    const winter = winterRangeMil(v, req.usage) ?? 0;
    return `Batteriet på ${formatNumber(v.batteryKwh ?? 0)} kWh räcker runt ${formatMil(rangeMil(v))} i mild väderlek och ungefär ${formatMil(winter)} i vinterkyla.`;
  }
  if (v.fuel === "laddhybrid") {
    const daily = req.usage.milPerYear / 300;
    const share = rangeMil(v) >= daily ? "räcker för de flesta av dina dagliga resor" : "räcker bara till en del av dina dagliga resor";
    // A plug-in's few mil keep their decimal ("4,5 mil"), as the catalogue's own sentences give it.
    const electric = (v.rangeKm ?? 0) / 10;
    const said = Number.isInteger(electric) ? formatMil(electric) : `${formatDecimal(electric)}\u00a0mil`;
    return `Elräckvidden på cirka ${said} i ${shortName(v)} ${share}, så ladda hemma för att få ner bränslekostnaden.`;
  }
  return null;
}

/** The tax of the newest recommended year holds a malus part (an elbil at 360 kr holds none). */
const paysMalus = (facts: CardFacts) => facts.taxes.at(-1)?.alwaysMalus === true;

function taxNote(c: Candidate, facts: CardFacts): string | null {
  if (paysMalus(facts)) return `${shortName(c.variant)} av årsmodell ${c.window.yearTo} betalar fortfarande malus: ${formatSek(c.costs.tax)} per år tills bilen är tre år.`;
  if (c.costs.taxIfRegisteredAfterJuly2018 !== undefined && c.window.yearFrom <= 2018 && c.window.yearTo >= 2018) {
    return `För ${shortName(c.variant)} av 2018 års modell beror skatten på registreringsmånaden: registrerad efter 1 juli 2018 blir den ${formatSek(c.costs.taxIfRegisteredAfterJuly2018)} per år.`;
  }
  return null;
}

function deepDive(c: Candidate, req: BuyerRequirements, facts: CardFacts): string {
  const v = c.variant;
  const parts = [
    `Leta efter ${fullName(v)} (${v.generation}) av ${priceWindowText(c)}.`,
    costSentence(c, req),
    taxNote(c, facts),
    energySentence(c, req),
    `${ncapText(v)}.`,
    ...checked(v.reliabilityNotes, facts),
  ];
  return parts.filter((part): part is string => part !== null).join(" ");
}

/** Catalogue sentences that hold for this card's years and body (a sedan card never gets the estate's boot). */
function checked(texts: readonly string[], facts: CardFacts): string[] {
  return texts.filter((text) => checkSentence(text, facts) === null);
}

/** A weakness sentence per rating dimension, with the variant's own figures; null when it is no weakness. */
const WEAK_POINTS: Record<keyof Ratings, (c: Candidate, req: BuyerRequirements) => string | null> = {
  comfort: (c) => `${shortName(c.variant)} är stötigare och bullrigare än de bekvämaste bilarna (komfort ${c.ratings.comfort} av 100).`,
  performance: (c) => {
    const v = c.variant;
    const klass = powerClass(v.powerHp, v.curbWeightKg);
    if (klass !== "slow" && klass !== "modest") return null;
    const verdict = klass === "slow" ? "seg i backar och vid omkörningar" : "mer lugn än pigg";
    return `${v.powerHp} hk i en bil på ${formatNumber(v.curbWeightKg)} kg gör ${shortName(v)} ${verdict}.`;
  },
  security: (c) => `${ncapText(c.variant)}, så säkerhetsnivån är lägre än i nyare bilar.`,
  reliability: (c) => `Driftsäkerheten för ${shortName(c.variant)} är ${c.ratings.reliability} av 100 i vår bedömning, så kräv servicehistorik och gärna en begagnattest.`,
  economy: (c, req) => `Att äga ${shortName(c.variant)} kostar cirka ${formatSek(roundTo(c.costs.total, 100))} per år vid ${formatMil(req.usage.milPerYear)}, mer än snittet.`,
};

function cons(c: Candidate, req: BuyerRequirements, facts: CardFacts): string[] {
  const v = c.variant;
  const name = shortName(v);
  const out: string[] = [];
  const needsSeats = (req.hard.minSeats ?? 0) > 5;
  if (needsSeats && v.thirdRow?.optional) out.push(`Tredje raden var tillval i ${name}: välj en annons där bilen har ${v.seats} säten.`);
  if (needsSeats && v.thirdRow && !v.thirdRow.adultSized) out.push(`Tredje raden i ${name} passar barn, inte vuxna på längre resor.`);
  if (v.fuel === "el" && (req.usage.northern || req.usage.winterNeeds)) {
    out.push(`I vinterkyla sjunker räckvidden för ${name} till ungefär ${formatMil(winterRangeMil(v, req.usage) ?? 0)}.`);
  }
  if (req.usage.driverAge !== undefined && req.usage.driverAge < 25) {
    out.push(`Som ${req.usage.driverAge}-åring betalar du cirka ${formatSek(c.costs.insurance)} per år i försäkring för ${name}.`);
  }
  if (paysMalus(facts)) out.push(`Malus ingår i skatten för ${name} de första tre åren: ${formatSek(c.costs.tax)} per år.`);
  for (const [key, fit] of Object.entries(c.wishFit) as [WishKey, number][]) {
    if (fit < 40) out.push(`Ditt önskemål om ${WISH_LABELS[key](c)} uppfyller ${name} bara delvis.`);
  }
  const weakest = (Object.keys(c.ratings) as (keyof Ratings)[])
    .sort((a, b) => c.ratings[a] - c.ratings[b])
    .map((key) => WEAK_POINTS[key](c, req))
    .find((text): text is string => text !== null);
  if (weakest) out.push(weakest);
  return out.slice(0, 4);
}

function pros(c: Candidate, req: BuyerRequirements, facts: CardFacts): string[] {
  const v = c.variant;
  const out = checked(v.strengths, facts).slice(0, 3);
  if (req.hard.minTowingKg !== undefined) out.unshift(`${shortName(v)} får dra ${formatNumber(v.towingKg)} kg bromsat släp.`);
  if (req.hard.awd) out.unshift(`${shortName(v)} har ${DRIVETRAIN_LABELS.awd} i den här versionen.`);
  return out.slice(0, 4);
}

/** The texts for one candidate, from facts only. */
export function writeLocally(c: Candidate, req: BuyerRequirements): CarTexts {
  const facts = cardFacts(c, req);
  const strengths = checked(c.variant.strengths, facts);
  return {
    tagline: strengths[0] ?? `${fullName(c.variant)}.`,
    whyItFits: whyItFits(c, req),
    deepDive: deepDive(c, req, facts),
    commonFlaws: checked(flawsForYears(c.variant, c.window.yearFrom, c.window.yearTo), facts).join(" "),
    pros: pros(c, req, facts).slice(1),
    cons: cons(c, req, facts),
  };
}
