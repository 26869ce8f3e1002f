import { DRIVETRAIN_LABELS } from "#app/lib/car-facts";
import { formatDecimal, formatMil, formatNumber, formatSek, starsWord } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import { assumedWishes, statedWishes } from "#app/lib/said-wishes";
import { upperMedian } from "#app/lib/statistics";
import { flawsForYears, isVerified, thirdRowIn } from "#app/server/cars/variant.server";
import type { Candidate, Ratings } from "./candidates.server";
import type { CarTexts } from "./contracts.server";
import { activeRequirements } from "./enforcement.server";
import { type CardFacts, cardFacts, dailyMil, powerClass, windowPowerHp, winterRangeMil } from "./fact-check/card-facts.server";
import { checkSentence } from "./fact-check/check-card.server";
import { earlyFaultsNote } from "./fact-check/page-rules.server";
import { COST_CLAIMS, type CostClaimField, namesRating, weakestToName } from "./fact-check/list-rules.server";
import { bearsOn, isDesignTrait, traitBearsOn } from "./design-traits.server";
import { coldStartNote, familyBootSentence, miniCrashNote, needsAllow, pickupDogCon, YOUNG_DRIVER_AGE, youngInsurance } from "./buyer-needs.server";
import { energySentence } from "./energy-text.server";
import { malusCon, malusNote } from "./malus-text.server";
import { consumptionText, fuelText, fullName, knownNcap, monthlyCostText, ncapText, rangeMil, requirementFit, shortName } from "./facts-text.server";
import { about, costAmongPeers, standouts } from "./standouts.server";
import { choose } from "./variation.server";
import { aheadOfMost, cheaperItem, costIsCon, costIsPro, dearerItem, strongInList } from "./list-standing.server";
import { joinSv, WISH_LABELS, wishFits, wishSentences } from "./wish-sentences.server";
import { WEAK_POINTS } from "./weak-points.server";
import { carInBrief, missedPreferences } from "./preference-cons.server";
import { licenceTrailerKg } from "./situation.server";

// Years, price and mileage are figures on the card, so the prose does not repeat them.

function situationSentence(c: Candidate, req: BuyerRequirements): string | null {
  const v = c.variant;
  const name = shortName(v);
  const trailer = licenceTrailerKg(req);
  // A trailer weight the requirement sentence already measures the car against is not said twice.
  if (trailer !== undefined && trailer !== req.hard.minTowingKg) {
    const margin = v.towingKg - trailer;
    if (margin === 0) return `Ditt släp på ${formatNumber(trailer)} kg är precis vad ${name} får dra, så lasta inte tyngre.`;
    return margin > 0
      ? `Ditt släp på ${formatNumber(trailer)} kg ryms inom dragvikten för ${name}, ${about(v, "towingKg")}${formatNumber(v.towingKg)} kg, med ${formatNumber(margin)} kg till godo.`
      : `Ditt släp på ${formatNumber(trailer)} kg är tyngre än de ${about(v, "towingKg")}${formatNumber(v.towingKg)} kg ${name} får dra, så lasta lättare.`;
  }
  if (req.situation.homeCharging === false && v.fuel === "el") {
    return `Utan laddplats hemma blir du beroende av publika laddare för ${name}, och till publikt pris kostar elen cirka ${formatSek(Math.round(c.costs.energyPerMil))} per mil.`;
  }
  if (v.fuel === "el" && req.usage.milPerYearStated && req.situation.homeCharging !== false) {
    const winter = req.usage.northern || req.usage.winterNeeds;
    const range = winter ? (winterRangeMil(v, req.usage) ?? 0) : rangeMil(v);
    // The figures add up on the card: the range it states, the day it counts (the year over 300 driving days), and the 15 % kept.
    const daily = Math.round(dailyMil(req.usage) * 10) / 10;
    const days = Math.floor((range * 0.85) / Math.max(0.1, daily));
    if (days >= 2)
      return `Med din körning, runt ${formatDecimal(daily, { maxFraction: 1 })} mil per körningsdag, räcker en full laddning av ${name} (${formatMil(range)}${winter ? " vintertid" : " i mild väderlek"}) i ungefär ${days} dagar, och då finns 15 % av batteriet kvar.`;
  }
  return familyBootSentence(c, req);
}

function whyItFits(c: Candidate, req: BuyerRequirements, facts: CardFacts, peers: readonly Candidate[], warnings: readonly string[]): string {
  const unchecked = req.hard.minTowingKg !== undefined && !isVerified(c.variant, "towingKg");
  const fits = activeRequirements(req.hard)
    .filter((code) => !(unchecked && code === "minTowingKg"))
    .map((code) => requirementFit(code, c, req))
    .filter((text): text is string => text !== null);
  const parts: (string | null)[] = [
    fits.length > 0 ? `Dina krav stämmer in på ${shortName(c.variant)}: ${joinSv(fits)}.` : null,
    unchecked
      ? `Dragvikten för ${shortName(c.variant)}, cirka ${formatNumber(c.variant.towingKg)} kg i vår katalog, har vi inte kunnat kontrollera, så se i registreringsbeviset att den räcker för ditt släp innan du köper.`
      : null,
    ...standouts(c, peers, req, facts),
    situationSentence(c, req),
  ];
  const said = parts.filter((part): part is string => part !== null);
  said.push(...wishSentences(c, req, said.join(" "), peers, warnings));
  const told = said.join(" ");
  if (said.length < 2 && !told.includes(fuelText(c.variant)) && !told.includes(DRIVETRAIN_LABELS[c.variant.drivetrain]))
    said.push(
      `${said.length === 0 || /^\p{Ll}/u.test(shortName(c.variant)) ? fullName(c.variant) : shortName(c.variant)} är en ${fuelText(c.variant)} med ${DRIVETRAIN_LABELS[c.variant.drivetrain]} och ${about(c.variant, "powerHp")}${windowPowerHp(c.variant, c.window)} hk.`,
    );
  return said.join(" ");
}

function costSentence(c: Candidate, req: BuyerRequirements): string {
  const k = c.costs;
  const mil = `${formatMil(req.usage.milPerYear)} per år (${req.usage.milPerYearStated ? "som du skrev" : "vårt antagande"})`;
  return (
    `Med ${mil} kostar ${c.variant.fuel === "el" ? "elen" : "drivmedlet"} för ${shortName(c.variant)} cirka ${formatSek(k.fuel)} per år (${consumptionText(c.variant)}), ` +
    `skatten ${formatSek(k.tax)}, försäkringen cirka ${formatSek(k.insurance)} och service med däck cirka ${formatSek(k.maintenance)}, ` +
    `totalt runt ${monthlyCostText(c)} i månaden.`
  );
}

function taxNote(c: Candidate, facts: CardFacts): string | null {
  const malus = malusNote(shortName(c.variant), facts);
  if (malus) return malus;
  if (c.costs.taxIfRegisteredAfterJuly2018 !== undefined && c.window.yearFrom <= 2018 && c.window.yearTo >= 2018) {
    return `För ${shortName(c.variant)} av 2018 års modell beror skatten på registreringsmånaden: registrerad efter 1 juli 2018 blir den ${formatSek(c.costs.taxIfRegisteredAfterJuly2018)} per år.`;
  }
  return null;
}

// A reservation, not a reason it suits: said in the analysis, never under "Därför passar den dig".
function winterDriveNote(c: Candidate, req: BuyerRequirements): string | null {
  if (!(req.usage.northern || req.usage.winterNeeds) || c.variant.drivetrain === "awd") return null;
  return `${shortName(c.variant)} har ${DRIVETRAIN_LABELS[c.variant.drivetrain]}, så på snö och is hänger greppet mest på bra vinterdäck.`;
}

function safetyNote(c: Candidate, req: BuyerRequirements): string | null {
  const ncap = knownNcap(c.variant);
  const name = shortName(c.variant);
  if (!ncap) return `${ncapText(c.variant)}, så läs på om vilka säkerhetssystem bilen har.`;
  if ((req.wishes.safety ?? 0) === 0 && !req.situation.kids && ncap.stars >= 4) return null;
  if (ncap.year < 2015)
    return `Euro NCAP-testet för ${name} är från ${ncap.year}, före dagens hårdare krav, så ${ncap.stars} ${starsWord(ncap.stars)} då motsvarar färre i dag.`;
  if (ncap.stars < 4) return `${ncapText(c.variant)}, under det vanliga för nyare bilar.`;
  return `${ncapText(c.variant)}.`;
}

/** What a taxi or ride-hailing driver and a new driver must know before buying (Transportstyrelsen's rules as we know them). */
export function buyerNotes(c: Candidate, req: BuyerRequirements): string[] {
  const name = shortName(c.variant);
  const notes: string[] = [];
  if (req.situation.taxi) {
    notes.push(
      `För taxi, även via appar som Uber och Bolt, behöver du taxiförarlegitimation, och ${name} måste vara registrerad för taxitrafik med taxameter; en taxibil kontrollbesiktas varje år, så kontrollera kraven hos Transportstyrelsen före köpet.`,
      // The costs on the card are a private owner's: say what a taxi adds, without a figure we have no source for.
      `Den som driver taxirörelsen, du själv eller bolaget du kör för, behöver taxitrafiktillstånd, och en försäkring för taxitrafik är dyrare än den privata försäkringen i kostnaderna här, så begär en offert.`,
    );
  }
  const age = req.usage.driverAge;
  if (age !== undefined && age < YOUNG_DRIVER_AGE) notes.push(youngInsurance(c, req)!.text);
  else if (req.situation.newDriver) {
    notes.push(
      age !== undefined
        ? // Our age factor is for experienced drivers; insurers also price the years with a licence.
          `Som ny förare på ${age} år räknar vi med cirka ${formatSek(c.costs.insurance)} per år i försäkring för ${name}, men många bolag tar mer de första åren med körkort, så begär en offert.`
        : `Som ny förare utan angiven ålder räknar vi försäkringen för ${name} som för en förare under 25 år, cirka ${formatSek(c.costs.insurance)} per år; den beror mest på din ålder och hur länge du haft körkort, så skriv din ålder eller begär en offert före köpet.`,
    );
  }
  return notes;
}

// A reliability note naming a repair is a known fault: it goes under "Vanliga fel", never beside "inga kända fel".
const REPAIR = /(?<![\p{L}])(reparation\p{L}*|byte|byten|går sönder|läck\p{L}*|rost\p{L}*|slits|fel|felen|problem\p{L}*)(?![\p{L}])/iu;
const repairNotes = (c: Candidate, facts: CardFacts) =>
  checked(faultsOnly(c), facts).length > 0 ? [] : checked(c.variant.reliabilityNotes, facts).filter((text) => REPAIR.test(text) && !isDesignTrait(text));

function deepDive(c: Candidate, req: BuyerRequirements, facts: CardFacts, peers: readonly Candidate[]): string {
  const repairs = repairNotes(c, facts);
  const v = c.variant;
  const young = youngInsurance(c, req, peers);
  const parts: string[] = [
    costAmongPeers(c, peers, req) ?? costSentence(c, req),
    ...buyerNotes(c, req).filter((note) => !young || !note.startsWith(young.text.slice(0, 20))),
    young && !young.dearer ? young.text : null,
    taxNote(c, facts),
    energySentence(c, req),
    winterDriveNote(c, req),
    earlyFaultsNote([...flawsForYears(v, c.window.yearFrom, c.window.yearTo), ...v.reliabilityNotes, ...v.strengths], facts),
    coldStartNote(c, req),
    safetyNote(c, req),
    ...checked(v.reliabilityNotes, facts).filter((text) => !repairs.includes(text)),
  ].filter((part): part is string => part !== null);
  for (const trait of checked(flawsForYears(v, c.window.yearFrom, c.window.yearTo).filter(isDesignTrait), facts))
    if (traitBearsOn(trait, req, parts.join(" "))) parts.push(trait);
  return parts.join(" ");
}

/** Catalogue sentences that hold for this card's years and body (a sedan card never gets the estate's boot). */
function checked(texts: readonly string[], facts: CardFacts): string[] {
  return texts.flatMap((text) => {
    const finding = checkSentence(text, facts);
    if (finding === null) return [text];
    // An unchecked figure (with "cirka"), a range said with another rounding, or a slip of language can be mended; anything else false goes.
    const mendable = finding.rule === "unverified" || finding.rule === "language" || finding.rule === "wording" || /^(range|winterRange) /u.test(finding.why);
    return mendable && finding.rewrite && checkSentence(finding.rewrite, facts) === null ? [finding.rewrite] : [];
  });
}

function cons(c: Candidate, req: BuyerRequirements, facts: CardFacts, peers: readonly Candidate[]): string[] {
  const v = c.variant;
  const name = shortName(v);
  const out: string[] = [];
  const needsSeats = (req.hard.minSeats ?? 0) > 5;
  const row = thirdRowIn(v, c.window.body.type);
  out.push(...missedPreferences(c, req));
  if (needsSeats && row?.optional) out.push(`Tredje raden var tillval i ${name}: välj en annons där bilen har ${v.seats} säten.`);
  if (needsSeats && row && !row.adultSized) out.push(`Tredje raden i ${name} passar barn, inte vuxna på längre resor.`);
  if (v.fuel === "el" && (req.usage.northern || req.usage.winterNeeds)) {
    out.push(`I vinterkyla sjunker räckvidden för ${name} till ungefär ${formatMil(winterRangeMil(v, req.usage) ?? 0)}.`);
  }
  const young = youngInsurance(c, req, peers);
  if (young?.dearer) out.push(young.text);
  const mini = miniCrashNote(c, req);
  if (mini) out.push(mini);
  const towing = req.hard.minTowingKg;
  if (towing !== undefined && v.towingKg === towing && !req.assumptions.some((assumption) => assumption.field === "minTowingKg")) {
    out.push(
      `Dragvikten för ${name}, ${about(v, "towingKg")}${formatNumber(v.towingKg)} kg, är precis vad du ska dra, så packning i släpet tar dig över gränsen; en bil som får dra mer ger marginal.`,
    );
  }
  const malus = malusCon(name, facts);
  if (malus) out.push(malus);
  const assumed = assumedWishes(req);
  const stated = statedWishes(req);
  for (const [key, fit] of wishFits(c, peers)) {
    const label = WISH_LABELS[key](c);
    if (fit >= 40 || label === "" || (key === "lowInsurance" && young?.dearer)) continue;
    const verdict = fit <= FAILED_FIT ? "inte" : "bara delvis";
    if (key === "cheapToBuy" && verdict === "bara delvis") {
      out.push(`${name} kostar mer att köpa än de flesta av förslagen (${WISH_LABELS[key](c).replace(/^.*\((.*)\)$/u, "$1")}).`);
      continue;
    }
    const dog = key === "space" ? pickupDogCon(c, req) : null;
    if (dog) {
      out.push(dog);
      continue;
    }
    const whose = stated.includes(key)
      ? `Ditt önskemål om ${label}`
      : assumed.has(key)
        ? `Det vi antog att du vill ha, ${label},`
        : `Det vi vägt in, ${label},`;
    out.push(`${whose} uppfyller ${name} ${verdict}.`);
  }
  // The weakness is where the car trails the other suggestions most, not its lowest score (a small car's is always power).
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id);
  const behind = (key: keyof Ratings) => (others.length >= 2 ? others.filter((peer) => peer.ratings[key] > c.ratings[key]).length / others.length : 0);
  const weakest = (Object.keys(c.ratings) as (keyof Ratings)[])
    .filter((key) => !(key === "economy" && others.length >= 2)) // the deep dive compares the cost with the others
    .filter((key) => !strongInList(c, peers, key))
    .sort((a, b) => behind(b) - behind(a) || c.ratings[a] - c.ratings[b])
    .map((key) => WEAK_POINTS[key](c, req, others))
    .find((text): text is string => text !== null);
  if (weakest) out.push(weakest);
  // Under two cons: the month's cost where the list's comparison calls the car dearer, else its dearest cost item, the same way on every card.
  if (out.length < 2 && others.length >= 2) {
    const filler = costIsCon(c, peers) ? WEAK_POINTS.economy(c, req, others) : dearerItem(c, peers, name);
    if (filler && !out.includes(filler)) out.push(filler);
  }
  // A rating under 65, or the list's lowest, is always named, whatever else fills the cons.
  const must = weakestToName(c, others);
  const shown = out.slice(0, must ? 3 : 4);
  if (must && !shown.some((text) => namesRating(must, text))) {
    const own =
      out.find((text) => namesRating(must, text)) ??
      WEAK_POINTS[must](c, req, others) ??
      `${capital(RATING_WORDS[must])} är det svagaste för ${name} i vår bedömning: ${c.ratings[must]} av 100.`;
    return [...shown, own];
  }
  return out.slice(0, 4);
}

const FAILED_FIT = 20;

const PEPPY = /(?<![\p{L}])(pigg\p{L}*|snabb\p{L}*|kvick\p{L}*|rapp)(?![\p{L}])/iu;
const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

// The first strength is the tagline; a card whose cons name its power never calls it "pigg".
// A required drive is said by the requirement sentence; as a pro on every card it would be filler.
function pros(
  c: Candidate,
  req: BuyerRequirements,
  strengths: readonly string[],
  facts: CardFacts,
  said: string,
  peers: readonly Candidate[],
  against: readonly string[],
): string[] {
  const v = c.variant;
  const slow = against.some((con) => namesRating("performance", con));
  const out = strengths.slice(1, 5).filter((text) => !(slow && PEPPY.test(text)));
  if (req.hard.minTowingKg !== undefined) out.unshift(`${shortName(v)} får dra ${about(v, "towingKg")}${formatNumber(v.towingKg)} kg bromsat släp.`);
  // A strength or trait left out as not this buyer's (a trailer, child seats) leaves its room to facts of the car's own.
  const traits = flawsForYears(v, c.window.yearFrom, c.window.yearTo).filter(isDesignTrait);
  const leftOut = [...c.variant.strengths, ...traits].filter((text) => !bearsOn(text, req) || !needsAllow(text, req)).length;
  const room = Math.min((out.length < 3 ? 1 : 0) + leftOut, 4 - out.length);
  const conceded = (Object.keys(RATING_WORDS) as (keyof Ratings)[]).filter((key) =>
    against.some((con) => namesRating(key, con) && con.includes(`${c.ratings[key]} av 100`)),
  );
  out.push(...factPros(c, facts, `${said} ${out.join(" ")}`, peers, slow, conceded).slice(0, room));
  return out.slice(0, 4);
}

function costClaimsHold(c: Candidate, peers: readonly Candidate[]): (text: string) => boolean {
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id);
  if (others.length < 2) return () => true;
  const median = (field: CostClaimField) => upperMedian(others.map((peer) => peer.costs[field]))!;
  return (text) => !COST_CLAIMS.some(([claim, field]) => claim.test(text) && c.costs[field] >= median(field));
}

const RATING_WORDS: Record<keyof Ratings, string> = {
  comfort: "komfort",
  performance: "prestanda",
  security: "säkerhet",
  reliability: "driftsäkerhet",
  economy: "ägandekostnad",
};

// When no catalogue strength holds for this card (a coupé's on a cabriolet card); a score under 65 or the list's lowest is none.
// A rating a con names is never a pro on the same card ("84 av 100" said both ways).
function factPros(c: Candidate, facts: CardFacts, said: string, peers: readonly Candidate[], slow: boolean, conceded: readonly (keyof Ratings)[]): string[] {
  const v = c.variant;
  const name = shortName(v);
  const klass = powerClass(v.powerHp, v.curbWeightKg);
  const options: { text: string; figure: string }[] = [];
  if (facts.powers.length === 1 && (klass === "brisk" || klass === "fast") && !slow) {
    const hp = `${about(v, "powerHp")}${facts.powers[0]!.hp} hk`;
    const kg = `${about(v, "curbWeightKg")}${formatNumber(v.curbWeightKg)} kg`;
    const quick = klass === "fast" ? "snabb" : "pigg";
    options.push({
      text: choose(`${v.id}:power-pro`, [
        `${capital(hp)} i en bil på ${kg} gör ${name} ${quick}.`,
        `${name} är ${quick}: ${hp} på ${kg}.`,
        `Med ${hp} och ${kg} tjänstevikt är ${name} ${quick} i omkörningar.`,
      ]),
      figure: hp,
    });
  }
  if (c.ratings.reliability >= 75 && strongInList(c, peers, "reliability") && !conceded.includes("reliability"))
    options.push({
      text: choose(`${v.id}:reliability-pro`, [
        `${name} får ${c.ratings.reliability} av 100 för driftsäkerhet i vår bedömning.`,
        `Driftsäkerheten är en styrka för ${name}: ${c.ratings.reliability} av 100 i vår bedömning.`,
        `I vår bedömning av driftsäkerhet får ${name} ${c.ratings.reliability} av 100.`,
      ]),
      figure: `${c.ratings.reliability} av 100`,
    });
  const ncap = knownNcap(v);
  if (ncap && ncap.stars === 5 && ncap.year >= 2015 && !conceded.includes("security") && !/euro ncap/iu.test(said))
    options.push({
      text: choose(`${v.id}:ncap-pro`, [
        `Full pott i Euro NCAP ${ncap.year}: ${name} fick 5 av 5 stjärnor.`,
        `${name} fick 5 av 5 stjärnor i Euro NCAP ${ncap.year}.`,
        `I Euro NCAP ${ncap.year} fick ${name} högsta betyg, 5 av 5 stjärnor.`,
      ]),
      figure: "5 av 5",
    });
  if (costIsPro(c, peers)) {
    const monthly = monthlyCostText(c);
    options.push({
      text: choose(`${v.id}:cost-pro`, [
        `Med skatt, försäkring, drivmedel och service kostar ${name} cirka ${monthly} i månaden.`,
        `${name} kostar cirka ${monthly} i månaden att äga, räknat på skatt, försäkring, drivmedel och service.`,
        `Allt inräknat, alltså skatt, försäkring, drivmedel och service, ligger ${name} på cirka ${monthly} i månaden.`,
      ]),
      figure: monthly,
    });
  }
  const best = (Object.keys(RATING_WORDS) as (keyof Ratings)[]).reduce((a, b) => (c.ratings[b] > c.ratings[a] ? b : a));
  if (strongInList(c, peers, best) && !conceded.includes(best) && !options.some((option) => namesRating(best, option.text)))
    options.push({
      text: choose(`${v.id}:best-side`, [
        `Den starkaste sidan hos ${name} i vår bedömning är ${RATING_WORDS[best]}: ${c.ratings[best]} av 100.`,
        `I vår bedömning är ${RATING_WORDS[best]} den starkaste sidan hos ${name}, med ${c.ratings[best]} av 100.`,
        `${capital(RATING_WORDS[best])} är det ${name} får högst betyg för i vår bedömning: ${c.ratings[best]} av 100.`,
      ]),
      figure: "",
    });
  const ahead = (Object.keys(RATING_WORDS) as (keyof Ratings)[])
    .filter((key) => !conceded.includes(key) && aheadOfMost(c, peers, key))
    .sort((a, b) => c.ratings[b] - c.ratings[a])[0];
  if (options.length === 0 && ahead)
    options.push({
      text: `${name} får ${c.ratings[ahead]} av 100 för ${RATING_WORDS[ahead]} i vår bedömning, mer än de flesta av förslagen.`,
      figure: `${c.ratings[ahead]} av 100`,
    });
  const item = cheaperItem(c, peers, name);
  if (item) options.push({ text: item, figure: "" });
  // The name may carry a figure ("184 hk").
  const told = said.replaceAll(name, "");
  const fresh = options.filter((option) => option.figure === "" || !told.includes(option.figure));
  return fresh.length > 0 ? fresh.map((option) => option.text) : options.slice(0, 1).map((option) => option.text);
}

const faultsOnly = (c: Candidate) => flawsForYears(c.variant, c.window.yearFrom, c.window.yearTo).filter((text) => !isDesignTrait(text));

export function noFlawKnown(c: Candidate): string {
  const years = c.window.yearFrom === c.window.yearTo ? `${c.window.yearFrom}` : `${c.window.yearFrom}–${c.window.yearTo}`;
  return `Vi känner inte till något återkommande fel på ${shortName(c.variant)} av årsmodell ${years}.`;
}

export function writeLocally(c: Candidate, req: BuyerRequirements, peers: readonly Candidate[] = [c]): CarTexts {
  const facts = cardFacts(c, req);
  const strengths = checked(c.variant.strengths, facts)
    .filter(costClaimsHold(c, peers))
    .filter((text) => bearsOn(text, req) && needsAllow(text, req));
  const against = cons(c, req, facts, peers);
  const why = whyItFits(c, req, facts, peers, against);
  const deep = deepDive(c, req, facts, peers);
  return {
    tagline: strengths[0] ?? carInBrief(c, req),
    whyItFits: why,
    deepDive: deep,
    commonFlaws: checked(faultsOnly(c), facts).join(" ") || repairNotes(c, facts).join(" ") || noFlawKnown(c),
    pros: pros(c, req, strengths, facts, `${why} ${deep}`, peers, against),
    cons: against,
  };
}
