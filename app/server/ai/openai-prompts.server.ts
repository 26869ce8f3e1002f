import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { BODY_LABELS, DRIVETRAIN_LABELS } from "#app/lib/car-facts";
import { formatMil, formatNumber } from "#app/lib/format";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { assumedWishes } from "#app/lib/said-wishes";
import type { SellerType } from "#app/lib/search-form";
import type { Candidate } from "#app/server/advice/candidates.server";
import { activeRequirements, type RequirementCode } from "#app/server/advice/enforcement.server";
import { consumptionText, fuelText, fullName, rangeMil, requirementFit, seatsText, shortName } from "#app/server/advice/facts-text.server";
import { requirementPhrase } from "#app/server/advice/shortfall.server";
import { circumstancesOf } from "#app/server/advice/situation.server";
import { flawsForYears } from "#app/server/cars/variant.server";
import { TEXT_LIMITS } from "./openai-schemas.server";

// Judgement and prose, never figures. Facts go as Swedish lines and as a json block that keeps exact values.

export const SYSTEM_PROMPT = `Du är Drömbils bilrådgivare och hjälper privatpersoner i Sverige att välja en begagnad bil. Du skriver på svenska, sakligt, konkret och ärligt, och tilltalar köparen med "du".

Så fungerar underlaget:
- Du får köparens krav och en lista med kandidater ur vår bilkatalog. Varje kandidat är en bestämd variant (modellgeneration, motor och drivning) som redan uppfyller alla köparens ska-krav. Föreslå bara kandidater, med exakt det id som står i underlaget.
- Allt du påstår om en bil ska gå att läsa i dess fakta: drivning, drivmedel, växellåda, effekt, säten, bagage, dragvikt, räckvidd, förbrukning, Euro NCAP, styrkor, kända fel och driftsäkerhet. Hitta aldrig på utrustning, motoralternativ, fel eller siffror. Saknas en uppgift, låt bli att uttala dig om den.
- Priser, årsmodeller, miltal och årskostnader (skatt, drivmedel, försäkring, service) räknar vi fram och visar bredvid din text. Skriv därför inga kronbelopp, årsmodeller eller miltal själv.

Svensk begagnatmarknad, som kunskap för dina råd:
- De flesta begagnade bilar säljs via Blocket, Bytbil och KVD. Köp av handlare omfattas av konsumentköplagen (tre års reklamationsrätt; fel som visar sig inom två år antas ha funnits vid köpet). Köp av privatperson omfattas av köplagen: oftast lägre pris men svagare skydd och större undersökningsplikt, så en begagnattest och servicehistorik väger tyngre.
- Vinter: vinterdäck krävs 1 december–31 mars vid vinterväglag, så räkna med två hjulsatser. Fyrhjulsdrift, markfrigång och motorvärmare spelar roll i norra Sverige och på oplogade vägar. Elbilars räckvidd sjunker kraftigt i kyla. Vägsalt ger rost på äldre bilar, särskilt underrede, bromsrör och trösklar.
- Besiktning: första gången efter tre år, sedan efter fem år och därefter var fjortonde månad. Kontrollera registreringsnumret hos Transportstyrelsen (skuld, körförbud, besiktning) och att ingen kreditgivare har ägarförbehåll.
- Lättsålda modeller tappar mindre i värde. Laddhybrider är billiga i drift bara om de laddas ofta; en dieselmotor trivs bäst med långa resor.`;

const WISH_NAMES: Record<WishKey, string> = {
  comfort: "komfort",
  economy: "låg förbrukning",
  safety: "säkerhet",
  space: "utrymme",
  reliability: "driftsäkerhet",
  sporty: "körglädje",
  highSeating: "hög sittposition",
  groundClearance: "markfrigång",
  lowInsurance: "låg försäkringskostnad",
  cityFriendly: "lätt att köra och parkera i stan",
  environment: "låga utsläpp",
  cheapToBuy: "lågt inköpspris",
  awd: "fyrhjulsdrift",
  towing: "dragkrok",
  longTrips: "långresor",
  airSuspension: "luftfjädring",
  parkingHeater: "bränsledriven parkeringsvärmare",
  quiet: "tyst kupé",
  lowRange: "lågväxel (riktig terrängbil)",
};

const SELLER_LINES: Record<SellerType, string> = {
  alla: "Säljare: både privatpersoner och handlare går bra.",
  privat: "Säljare: privatperson (köplagen gäller, svagare skydd än hos handlare).",
  handlare: "Säljare: bilhandlare (konsumentköplagen gäller, tre års reklamationsrätt).",
};

function hardPhrase(code: RequirementCode, req: BuyerRequirements): string {
  // The shortfall's phrases are written for "släpp kravet på …"; the body one is too vague here.
  if (code === "bodyTypes") return `karosstyp ${req.hard.bodyTypes.map((type) => BODY_LABELS[type]).join(" eller ")}`;
  if (code === "adultThirdRow") return "vuxna ska få plats i tredje raden";
  const assumed = req.assumptions.find((assumption) => assumption.field === code);
  // Our assumption, not the buyer's words: the texts must not say the buyer asked for it.
  if (assumed !== undefined) return `${requirementPhrase(code, req.hard)} (vårt antagande för "${assumed.quote}", köparen angav ingen vikt)`;
  return requirementPhrase(code, req.hard);
}

/** The same situation the shared ranking weighs, so the model's order does not undo it. */
function situationLines(req: BuyerRequirements): string[] {
  const c = circumstancesOf(req);
  return [
    c.taxi ? "kör taxi eller samåkning (Uber, Bolt): minst fem säten, gott om plats bak, driftsäker och billig per mil" : null,
    c.newDriver ? "ny förare: låg försäkring och måttlig effekt väger tungt" : null,
    c.easyEntry ? "vill kunna kliva i och ur lätt: hög sittposition och en liten bil" : null,
    c.olderDriver ? "äldre förare: automat och enkla reglage" : null,
    c.buttons ? "vill ha fysiska knappar, inte reglage i en pekskärm" : null,
    c.childSeatsAcross !== null ? `${c.childSeatsAcross} barnstolar bredvid varandra bak` : null,
    c.businessMil !== null ? "kör mycket i tjänsten: låg kostnad per mil för bränsle och underhåll väger tungt" : null,
  ].filter((line): line is string => line !== null);
}

export function describeBuyer(req: BuyerRequirements, sellerType: SellerType): string {
  const hard = activeRequirements(req.hard).map((code) => hardPhrase(code, req));
  if (req.hard.maxOdometerMil !== undefined) hard.push(`högst ${formatMil(req.hard.maxOdometerMil)} på mätaren`);
  const usage = [
    `kör cirka ${formatMil(req.usage.milPerYear)} per år${req.usage.milPerYearStated ? " (egen uppgift)" : " (vårt antagande)"}`,
    req.usage.driverAge !== undefined ? `huvudföraren är ${req.usage.driverAge} år` : null,
    req.usage.area ? (req.usage.area === "storstad" ? "bor i storstad" : "bor på landsbygden") : null,
    req.usage.northern ? "bor i norra Sverige" : null,
    req.usage.winterNeeds ? "behöver klara snö, is och dåligt plogade vägar" : null,
  ].filter((line): line is string => line !== null);
  const assumed = assumedWishes(req);
  const wishes = (Object.entries(req.wishes) as [WishKey, number][])
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([key, weight]) => {
      const quote = assumed.get(key);
      const mark = quote === undefined ? "" : `; vårt antagande utifrån "${quote}", köparen sa det inte`;
      return `${WISH_NAMES[key]} (${weight >= 0.8 ? "viktigt" : weight >= 0.4 ? "önskas" : "gärna"}${mark})`;
    });
  const preferred = [...req.preferredFuels, ...req.preferredMakes, ...req.preferredBodyTypes.map((type) => BODY_LABELS[type])];
  const situation = situationLines(req);
  return [
    `- Ska-krav (uppfyllda av alla kandidater): ${hard.join("; ")}.`,
    `- Användning: ${usage.join("; ")}.`,
    ...(situation.length > 0 ? [`- Köparens situation (väger in i sharedScore): ${situation.join("; ")}.`] : []),
    `- Önskemål: ${wishes.length > 0 ? wishes.join(", ") : "inga särskilda"}.`,
    ...(preferred.length > 0 ? [`- Gärna men inget krav: ${preferred.join(", ")}.`] : []),
    `- ${SELLER_LINES[sellerType]}`,
  ].join("\n");
}

export function buyerData(req: BuyerRequirements, sellerType: SellerType) {
  const { hard, usage, wishes, preferredFuels, preferredMakes, preferredBodyTypes } = req;
  return { hard, usage, wishes, preferredFuels, preferredMakes, preferredBodyTypes, sellerType };
}

function shortlistView(c: Candidate) {
  const v = c.variant;
  const w = c.window;
  return {
    id: v.id,
    name: fullName(v),
    generation: v.generation,
    body: BODY_LABELS[w.body.type],
    bootLitres: w.body.bootLitres,
    fuel: fuelText(v),
    drivetrain: DRIVETRAIN_LABELS[v.drivetrain],
    gearboxes: v.gearboxes,
    seats: seatsText(v, w.body.type),
    powerHp: v.powerHp,
    towingKg: v.towingKg,
    ...(v.rangeKm !== undefined ? { rangeMil: rangeMil(v) } : {}),
    consumption: consumptionText(v),
    ncap: v.ncap ? `${v.ncap.stars} av 5 stjärnor (${v.ncap.year})` : null,
    window: { years: [w.yearFrom, w.yearTo], priceKr: [w.priceFrom, w.priceTo], maxMil: w.mileageTo },
    yearlyCostKr: c.costs.total,
    ratings: c.ratings,
    wishFit: c.wishFit,
    sharedScore: c.overall,
    strength: v.strengths[0],
    knownFlaw: flawsForYears(v, w.yearFrom, w.yearTo)[0] ?? null,
  };
}

export function detailsView(c: Candidate, req: BuyerRequirements) {
  const v = c.variant;
  const meets = activeRequirements(req.hard)
    .map((code) => requirementFit(code, c, req))
    .filter((text): text is string => text !== null);
  const partly = (Object.entries(c.wishFit) as [WishKey, number][]).filter(([, fit]) => fit < 40).map(([key]) => WISH_NAMES[key]);
  const { strength: _first, knownFlaw: _flaw, ...facts } = shortlistView(c);
  return {
    ...facts,
    shortName: shortName(v),
    size: v.size,
    curbWeightKg: v.curbWeightKg,
    ...(v.batteryKwh !== undefined ? { batteryKwh: v.batteryKwh } : {}),
    co2GPerKm: v.co2.gPerKm,
    comfort: v.comfort,
    reliability: v.reliability,
    meetsRequirements: meets,
    partlyMeets: partly,
    strengths: v.strengths,
    knownFlaws: flawsForYears(v, c.window.yearFrom, c.window.yearTo),
    reliabilityNotes: v.reliabilityNotes,
    costsKr: { insurance: c.costs.insurance, tax: c.costs.tax, fuel: c.costs.fuel, maintenance: c.costs.maintenance, malus: c.costs.malus },
  };
}

function jsonBlock(value: unknown): string {
  return "```json\n" + JSON.stringify(value) + "\n```";
}

export function buildShortlistMessages(
  req: BuyerRequirements,
  sellerType: SellerType,
  candidates: readonly Candidate[],
  count: number,
): ChatCompletionMessageParam[] {
  const user = `Köparen:
${describeBuyer(req, sellerType)}

Uppgift: välj de ${count} kandidater som passar köparen bäst och rangordna dem, bäst först. Väg in önskemålen efter hur viktiga de är, användningen (körsträcka, vinter, förarens ålder), driftsäkerheten och vad budgeten räcker till. Ta helst olika modeller; två varianter av samma modellgeneration bara när de skiljer sig i något köparen bryr sig om. "sharedScore" är vår egen sammanvägning av fakta; avvik från den när köparens krav och önskemål ger skäl.
För varje val:
- id: kandidatens id, exakt som i underlaget.
- overall: 0–100, hur väl bilen passar just den här köparen.
- tagline: en säljande rad om bilen för den här köparen, högst ${TEXT_LIMITS.tagline.max - 20} tecken, utan priser och årtal.

Underlag:
${jsonBlock({ count, buyer: buyerData(req, sellerType), candidates: candidates.map(shortlistView) })}`;
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

export function buildDetailsMessages(
  req: BuyerRequirements,
  sellerType: SellerType,
  candidate: Candidate,
  placing: { rank: number; total: number; tagline: string },
): ChatCompletionMessageParam[] {
  const name = fullName(candidate.variant);
  const room = (limit: number) => formatNumber(limit - 100);
  const user = `Köparen:
${describeBuyer(req, sellerType)}

Bilen: ${name} (${candidate.variant.generation}), förslag ${placing.rank} av ${placing.total}, med raden "${placing.tagline}".
Skriv texterna om just den här varianten för just den här köparen, bara utifrån underlaget:
- whyItFits: 2–3 meningar (högst ${room(TEXT_LIMITS.whyItFits.max)} tecken) om hur bilen uppfyller köparens krav och önskemål, med bilens egna värden (t.ex. dragvikt i kg, antal säten, liter bagage eller, för en skåpbil, lastutrymme).
- deepDive: 100–180 ord (högst ${room(TEXT_LIMITS.deepDive.max)} tecken) om hur bilen är att äga och köra i Sverige för den här köparen: vinter, utrymme, säkerhet, drivlina, driftsäkerhet och vad man ska leta efter i annonserna.
- commonFlaws: 2–3 meningar (högst ${room(TEXT_LIMITS.commonFlaws.max)} tecken) om de kända felen i underlaget och hur köparen kontrollerar dem vid en visning.
- pros: 3–4 korta punkter (högst ${TEXT_LIMITS.listItem.max - 20} tecken var).
- cons: 2–4 korta punkter (högst ${TEXT_LIMITS.listItem.max - 20} tecken var). Uppfyller bilen ett önskemål bara delvis (se "partlyMeets"), säg det rakt ut här.
Regler: nämn bilen vid namn ("${shortName(candidate.variant)}") hellre än "bilen", så att ingen mening kan förväxlas med ett annat förslag. Skriv inga kronbelopp, årsmodeller eller miltal. Påstå inget om drivning, säten, dragvikt, drivmedel eller räckvidd som inte står i underlaget, och skriv aldrig att bilen klarar mer än underlaget säger. Ett önskemål markerat "vårt antagande" sa köparen inte: kalla det aldrig "dina önskemål". En bil uppfyller ett krav eller önskemål; skriv aldrig att den "möter" det.

Underlag:
${jsonBlock({ rank: placing.rank, total: placing.total, tagline: placing.tagline, buyer: buyerData(req, sellerType), car: detailsView(candidate, req) })}`;
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

export function repairMessage(issues: string): string {
  // Bounded: a long list of zod issues should not make the repair turn the most expensive one.
  const shown = issues.length > 1500 ? `${issues.slice(0, 1500)} …` : issues;
  return `Ditt förra svar gick inte att använda: ${shown}
Svara igen med hela svaret som giltig JSON som följer schemat exakt. Ändra bara det som behövs.`;
}
