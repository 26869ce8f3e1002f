import { formatMil, formatNumber, formatSek } from "#app/lib/format";
import { CarSuggestionSchema, type CarSuggestion, type RecommendationRequest } from "#app/lib/recommendation";
import type { SellerType } from "#app/lib/search-form";
import {
  CATALOGUE,
  usedPrice,
  variantYears,
  type BodyType,
  type CatalogueEntry,
  type Fuel,
  type Variant,
} from "./catalogue/catalogue";
import {
  estimateOwnershipCostWith,
  resolveOwnershipAssumptions,
  type OwnershipAssumptions,
  type OwnershipAssumptionsOverrides,
  type OwnershipCostEstimate,
} from "./ownership-cost.server";
import type { Recommender } from "./recommender.server";
import { calculateVehicleTax } from "./vehicle-tax.server";

/**
 * The offline recommender: ranks the model catalogue against the buyer's budget, body type and the
 * wishes we can read from a Swedish free-text description. Pure and deterministic (no clock, no
 * randomness), so the same request always gives the same list; it runs when no OpenAI key is set
 * and as the fallback when the AI step is down.
 */

/** Normal odometer growth used for the mileage advice ("about 1 500 mil a year is normal"). */
const ODOMETER_MIL_PER_YEAR = 1500;
const MAX_RECOMMENDED_MILEAGE = 30_000;

type RatingKey = "comfort" | "performance" | "security" | "reliability" | "economy";

/** Balanced weights for a buyer who told us nothing: safety, reliability and economy lead. */
const BASE_WEIGHTS: Record<RatingKey, number> = {
  comfort: 1,
  performance: 0.6,
  security: 1,
  reliability: 1.2,
  economy: 1.2,
};

// ── Reading the description ──────────────────────────────────────────────────────────────────

type TokenMatcher = (token: string) => boolean;

/** "ord" exact, "ord*" prefix, "*ord" suffix, "*ord*" anywhere; spaces separate consecutive words. */
function compileToken(pattern: string): TokenMatcher {
  const anyStart = pattern.startsWith("*");
  const anyEnd = pattern.endsWith("*");
  const core = pattern.replace(/^\*/, "").replace(/\*$/, "");
  if (anyStart && anyEnd) return (token) => token.includes(core);
  if (anyEnd) return (token) => token.startsWith(core);
  if (anyStart) return (token) => token.endsWith(core);
  return (token) => token === core;
}

function compilePattern(pattern: string): TokenMatcher[] {
  return pattern.split(" ").map(compileToken);
}

/** Words that flip the meaning of a wish that follows within a few words ("inte diesel", "ingen elbil"). */
const NEGATORS = new Set(["inte", "ej", "ingen", "inget", "inga", "aldrig", "undvik", "undvika", "slippa", "slipper", "utom", "no", "not"]);
const NEGATION_WINDOW = 3;

/**
 * Lower-cased, NFC-normalised clauses of word tokens. Clause breaks stop a negation from reaching
 * across a comma ("inte diesel, gärna el").
 */
export function tokenizeDescription(description: string): string[][] {
  return description
    .normalize("NFC")
    .toLowerCase()
    .split(/[.,;:!?()\n\r]+/u)
    .map((clause) => clause.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((tokens) => tokens.length > 0);
}

interface Matcher {
  patterns: TokenMatcher[][];
  exclude: TokenMatcher[];
}

function matcher(patterns: readonly string[], exclude: readonly string[] = []): Matcher {
  return { patterns: patterns.map(compilePattern), exclude: exclude.map(compileToken) };
}

/** "absent" when never mentioned; "negated" only if every mention is negated. */
type Mention = "absent" | "positive" | "negated";

function findMention(clauses: string[][], target: Matcher): Mention {
  let sawNegated = false;
  for (const tokens of clauses) {
    for (let i = 0; i < tokens.length; i++) {
      const first = tokens[i];
      if (first === undefined || target.exclude.some((test) => test(first))) continue;
      const hit = target.patterns.some((parts) =>
        parts.every((test, offset) => {
          const token = tokens[i + offset];
          return token !== undefined && test(token);
        }),
      );
      if (!hit) continue;
      const negated = tokens.slice(Math.max(0, i - NEGATION_WINDOW), i).some((token) => NEGATORS.has(token));
      if (!negated) return "positive";
      sawNegated = true;
    }
  }
  return sawNegated ? "negated" : "absent";
}

// ── Candidates ───────────────────────────────────────────────────────────────────────────────

interface Candidate {
  entry: CatalogueEntry;
  variant: Variant;
  /** Newest model year whose typical price fits the budget. */
  year: number;
  price: number;
  cost: OwnershipCostEstimate;
  towingKg: number;
}

interface Context {
  candidate: Candidate;
  request: RecommendationRequest;
  /** Running cost against the other candidates: 1 cheapest, -1 dearest. */
  costFit: number;
  heavyTowing: boolean;
  assumptions: OwnershipAssumptions;
}

interface Wish {
  id: string;
  matcher: Matcher;
  /** Points a perfect fit adds to the overall score (and a poor one takes away). */
  importance: number;
  weights?: Partial<Record<RatingKey, number>>;
  /** -1 (works against the wish) … 1 (fulfils it). */
  fit(context: Context): number;
  /** One Swedish sentence about this wish for this car. */
  explain(context: Context, fit: number): string;
  /** Preference among a model's variants (fuel, towing, range…). */
  prefer?(variant: Variant, entry: CatalogueEntry): number;
  /** Fuel, body and brand wishes can be negated ("ingen diesel"); others ignore negation. */
  negated?: {
    fit(context: Context): number;
    explain(context: Context, fit: number): string;
    prefer?(variant: Variant, entry: CatalogueEntry): number;
  };
}

interface DetectedWish {
  wish: Wish;
  negated: boolean;
}

// ── Swedish text helpers ─────────────────────────────────────────────────────────────────────

const decimal = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const NUMBER_WORDS = ["noll", "en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio"] as const;

function numberWord(value: number): string {
  return NUMBER_WORDS[value] ?? formatNumber(value);
}

const FUEL_NAMES: Record<Fuel, string> = {
  bensin: "bensin",
  diesel: "diesel",
  el: "el",
  elhybrid: "elhybrid",
  laddhybrid: "laddhybrid",
  e85: "etanol/E85",
  gas: "fordonsgas",
};

const BODY_NOUNS: Record<BodyType, string> = {
  smabil: "småbil",
  halvkombi: "halvkombi",
  sedan: "sedan",
  kombi: "kombi",
  suv: "SUV",
  familjebuss: "familjebuss",
  "coupe-cab": "coupé eller cab",
  pickup: "pickup",
};

function carLabel(entry: CatalogueEntry): string {
  return `${entry.make} ${entry.model}`;
}

function fuelOf(variant: Variant): string {
  if (variant.fuel === "laddhybrid" && variant.combustionFuel === "diesel") return "laddhybrid med dieselmotor";
  return FUEL_NAMES[variant.fuel];
}

/** Swedish convention: consumption per mil (10 km). */
function consumptionText(variant: Variant): string {
  const perMil = (value: number) => decimal.format(value / 10);
  switch (variant.fuel) {
    case "el":
      return `${perMil(variant.consumption)} kWh/mil`;
    case "gas":
      return `${perMil(variant.consumption)} kg gas/mil`;
    case "laddhybrid":
      return `${perMil(variant.consumption)} l/mil plus ${perMil(variant.electricConsumption ?? 0)} kWh/mil`;
    default:
      return `${perMil(variant.consumption)} l/mil`;
  }
}

function rangeMil(variant: Variant): string {
  return formatMil(Math.round((variant.rangeKm ?? 0) / 10));
}

function bootText(entry: CatalogueEntry): string {
  return entry.bootLitres === null ? "flaket ersätter bagageutrymmet" : `bagaget rymmer ${formatNumber(entry.bootLitres)} liter`;
}

function seatsText(entry: CatalogueEntry): string {
  const seats = `${numberWord(entry.seats)} säten`;
  return entry.maxSeats !== undefined && entry.maxSeats > entry.seats
    ? `${seats} (${numberWord(entry.maxSeats)} med extrastolar)`
    : seats;
}

function ncapShort(entry: CatalogueEntry): string {
  if (entry.ncap === null) return "inget eget krocktest i Euro NCAP";
  const stars = entry.ncap.stars === 1 ? "en stjärna" : `${numberWord(entry.ncap.stars)} stjärnor`;
  return `${stars} i Euro NCAP (${entry.ncap.year})`;
}

function ncapSentence(entry: CatalogueEntry): string {
  if (entry.ncap === null) return "Modellen har inte krocktestats av Euro NCAP.";
  const stars = entry.ncap.stars === 1 ? "en stjärna" : `${numberWord(entry.ncap.stars)} stjärnor`;
  const basis = entry.ncap.basedOn ? `, i testet av systermodellen ${entry.ncap.basedOn}` : "";
  return `Euro NCAP gav ${stars} ${entry.ncap.year}${basis}.`;
}

function hasAwdVariant(variant: Variant): boolean {
  return /awd|4x4|4wd|4motion|quattro|xdrive|4matic|awd-i/i.test(variant.label);
}

/** Fit for AWD wishes: an optional AWD only counts fully when the suggested variant has it. */
function awdFit(entry: CatalogueEntry, variant: Variant, standard: number, chosen: number, optional: number, none: number): number {
  if (entry.awd === "standard") return standard;
  if (entry.awd === "option") return hasAwdVariant(variant) ? chosen : optional;
  return none;
}

function joinSwedish(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function towingOf(variant: Variant, entry: CatalogueEntry): number {
  return variant.towingKg ?? entry.towingKg;
}

function isDieselVariant(variant: Variant): boolean {
  return variant.fuel === "diesel" || variant.combustionFuel === "diesel";
}

// ── Wishes ───────────────────────────────────────────────────────────────────────────────────

interface FuelWishSpec {
  id: string;
  /** What the buyer avoids when negated, e.g. "diesel", "elbil". */
  noun: string;
  patterns: readonly string[];
  importance: number;
  score(variant: Variant): number;
  yes(context: Context): string;
  no(context: Context): string;
}

/** Fuel wishes share one shape: prefer matching variants, explain honestly when none fit. */
function fuelWish(spec: FuelWishSpec): Wish {
  return {
    id: spec.id,
    matcher: matcher(spec.patterns),
    importance: spec.importance,
    weights: { economy: 0.2 },
    fit: ({ candidate }) => spec.score(candidate.variant),
    explain: (context, fit) => (fit >= 0.5 ? spec.yes(context) : spec.no(context)),
    prefer: (variant) => 3 * spec.score(variant),
    negated: {
      fit: ({ candidate }) => (spec.score(candidate.variant) >= 0.9 ? -1 : 0.2),
      explain: ({ candidate }) =>
        `Du ville undvika ${spec.noun}, så förslaget gäller ${candidate.variant.label} som går på ${fuelOf(candidate.variant)}.`,
      prefer: (variant) => (spec.score(variant) >= 0.9 ? -10 : 0),
    },
  };
}

const WISHES: readonly Wish[] = [
  {
    id: "family",
    matcher: matcher(["*familj*", "*barn*", "bebis*", "bäbis*", "ungar*", "tonåring*", "isofix", "kids", "family", "children", "baby"]),
    importance: 10,
    weights: { security: 0.8, comfort: 0.3 },
    fit: ({ candidate: { entry } }) => {
      const body = entry.bodyTypes[0];
      let fit = body === "kombi" || body === "suv" || body === "familjebuss" ? 0.6 : body === "smabil" ? -0.6 : body === "coupe-cab" || body === "pickup" ? -0.8 : 0.1;
      const boot = entry.bootLitres ?? 0;
      fit += boot >= 500 ? 0.3 : boot >= 400 ? 0.1 : -0.3;
      if (entry.ncap?.stars === 5) fit += 0.1;
      if (entry.seats < 5) fit -= 1;
      return clamp(fit, -1, 1);
    },
    explain: ({ candidate: { entry } }, fit) =>
      fit >= 0.3
        ? `För familjen är ${carLabel(entry)} ett tryggt val: ${bootText(entry)}, det finns ${seatsText(entry)} och den har ${ncapShort(entry)}.`
        : `Som familjebil är ${carLabel(entry)} i minsta laget – ${bootText(entry)} – men den kan räcka för en mindre familj.`,
  },
  {
    id: "many-seats",
    matcher: matcher([
      "7 sits*", "7 plats*", "7 sät*", "sju sits*", "sju plats*", "sju sät*", "sjusits*", "sjuplats*", "7sits*",
      "tredje sätesrad*", "tredje stolsrad*", "tre barn", "3 barn", "fyra barn", "4 barn", "fem barn", "många barn",
      "storfamilj*", "7 personer", "sju personer", "8 plats*", "åtta plats*", "7 seat*", "seven seats",
    ]),
    importance: 18,
    // Seven fixed seats beat two folding extras in the boot.
    fit: ({ candidate: { entry } }) => (entry.seats >= 7 ? 1 : (entry.maxSeats ?? entry.seats) >= 7 ? 0.7 : -0.8),
    explain: ({ candidate: { entry } }, fit) =>
      fit > 0
        ? `Du behöver många platser, och ${carLabel(entry)} har ${seatsText(entry)}.`
        : `${carLabel(entry)} har bara ${numberWord(entry.seats)} säten, så för fler passagerare behövs en större bil.`,
  },
  {
    id: "dog",
    matcher: matcher(["*hund*", "vovve*", "valp*", "dog", "dogs"], ["*hundra*"]),
    importance: 12,
    fit: ({ candidate: { entry } }) => {
      const body = entry.bodyTypes[0];
      if (body === "pickup") return -0.2;
      const boot = entry.bootLitres ?? 0;
      const practical = body === "kombi" || body === "suv" || body === "familjebuss";
      if (practical && boot >= 500) return 1;
      if (practical && boot >= 420) return 0.6;
      if (body === "sedan") return -0.6;
      if (body === "smabil" || body === "coupe-cab" || boot < 350) return -0.9;
      return -0.1;
    },
    explain: ({ candidate: { entry } }, fit) => {
      if (entry.bootLitres === null) return "En hund kan bara åka på flaket i en godkänd bur under kåpa – fundera på om det fungerar för er.";
      if (fit >= 0.6) return `Hunden får gott om plats: bagaget på ${formatNumber(entry.bootLitres)} liter rymmer en rejäl hundbur.`;
      if (fit >= -0.2) return `Hunden får plats i bagaget på ${formatNumber(entry.bootLitres)} liter, men en stor hundbur blir trång.`;
      return `För en hund är bagaget på ${formatNumber(entry.bootLitres)} liter i minsta laget.`;
    },
  },
  {
    id: "commute",
    matcher: matcher(["*pendl*", "jobbet", "arbetet", "arbetsres*", "commut*", "mil om dagen", "mil per dag", "mil varje dag"]),
    importance: 10,
    weights: { economy: 0.8, reliability: 0.3, comfort: 0.2 },
    fit: ({ costFit, candidate: { entry } }) => clamp(0.7 * costFit + (0.3 * (entry.ratings.reliability - 70)) / 30, -1, 1),
    explain: ({ candidate: { variant, cost } }, fit) =>
      `För pendlingen räknar vi med ${variant.fuel === "el" ? "el" : "drivmedel"} för cirka ${formatSek(cost.fuel)} per år med ${variant.label}, som drar ungefär ${consumptionText(variant)}${fit < 0 ? " – i överkant för en pendlarbil" : ""}.`,
    prefer: (variant) => (variant.fuel === "el" || variant.fuel === "laddhybrid" ? 1 : variant.fuel === "elhybrid" || variant.fuel === "diesel" ? 0.5 : 0),
  },
  {
    id: "long-trips",
    matcher: matcher(["långres*", "långkör*", "långa res*", "långa turer", "långa sträckor", "långfärd*", "motorväg*", "semester*", "*roadtrip*", "road trip", "landsväg*", "europa", "sommarstuga*", "stugan", "fjällresor*"]),
    importance: 10,
    weights: { comfort: 0.8, performance: 0.2 },
    fit: ({ candidate: { entry, variant } }) => {
      let fit = (entry.ratings.comfort - 70) / 20;
      if (variant.fuel === "el") fit += (variant.rangeKm ?? 0) >= 400 ? 0.2 : (variant.rangeKm ?? 0) < 250 ? -0.9 : -0.2;
      if (variant.fuel === "diesel" || variant.fuel === "laddhybrid") fit += 0.2;
      if (entry.size === "small") fit -= 0.5;
      return clamp(fit, -1, 1);
    },
    explain: ({ candidate: { entry, variant } }, fit) => {
      if (variant.fuel === "el") {
        return (variant.rangeKm ?? 0) >= 400
          ? `På långresor räcker ${variant.label} runt ${rangeMil(variant)} per laddning sommartid, så det blir få laddstopp längs de stora vägarna.`
          : `Räckvidden på runt ${rangeMil(variant)} per laddning (mindre vintertid) gör långresor till en övning i planering och laddstopp.`;
      }
      if (fit >= 0.4) return `${carLabel(entry)} är bekväm på långresor, med bra stolar och låg ljudnivå i motorvägsfart.`;
      if (fit >= -0.2) return `${carLabel(entry)} fungerar bra på långresor, även om större bilar är bekvämare.`;
      return `På riktigt långa resor är ${carLabel(entry)} mindre bekväm än större bilar.`;
    },
    prefer: (variant) => (variant.fuel === "el" ? (variant.rangeKm ?? 0) / 300 - 1 : 0),
  },
  {
    id: "towing",
    matcher: matcher(
      ["dragkrok*", "släp*", "husvagn*", "hästtransport*", "hästsläp*", "båtsläp*", "båttrailer*", "trailer*", "dragvikt*", "dragkapacitet*", "kärra*", "kärran", "tow*", "caravan"],
      ["släpp*"],
    ),
    importance: 14,
    weights: { performance: 0.2 },
    fit: ({ candidate, heavyTowing }) => {
      const kg = candidate.towingKg;
      if (heavyTowing) return kg >= 2000 ? 1 : kg >= 1600 ? 0.3 : -1;
      return kg >= 2000 ? 1 : kg >= 1600 ? 0.7 : kg >= 1300 ? 0.2 : kg >= 750 ? -0.4 : -1;
    },
    explain: ({ candidate: { entry, variant, towingKg }, heavyTowing }) => {
      if (towingKg === 0) return `Observera att ${carLabel(entry)} ${variant.label} inte är godkänd för att dra släp.`;
      if (towingKg >= 1600) {
        return `Med dragkrok drar ${carLabel(entry)} upp till ${formatNumber(towingKg)} kg, vilket räcker för ${heavyTowing ? "husvagn, båt eller hästtransport" : "de flesta släpvagnar"}.`;
      }
      return `Dragvikten är begränsad till ${formatNumber(towingKg)} kg – det räcker för en lätt släpkärra men inte för husvagn.`;
    },
    prefer: (variant, entry) => towingOf(variant, entry) / 1000,
  },
  {
    id: "awd",
    matcher: matcher(["fyrhjul*", "4wd", "awd", "4x4", "allhjul*", "4motion", "quattro", "xdrive", "4matic", "4 hjulsdrift", "all wheel drive"]),
    importance: 14,
    fit: ({ candidate: { entry, variant } }) => awdFit(entry, variant, 1, 0.9, 0.3, -1),
    explain: ({ candidate: { entry, variant } }) => {
      if (entry.awd === "standard") return "Fyrhjulsdrift är standard, vilket ger trygg framkomlighet på snö, grus och hala backar.";
      if (entry.awd === "option") {
        return hasAwdVariant(variant)
          ? `Fyrhjulsdrift ingår i ${variant.label}, som vi föreslår.`
          : "Fyrhjulsdrift finns som tillval – kontrollera i annonsen att bilen verkligen har det.";
      }
      return `${carLabel(entry)} finns inte med fyrhjulsdrift, men med bra vinterdäck klarar den det mesta.`;
    },
    prefer: (variant, entry) => (entry.awd === "option" && hasAwdVariant(variant) ? 1.5 : 0),
  },
  fuelWish({
    id: "electric",
    noun: "elbil",
    patterns: ["el", "elbil*", "*elbil*", "elektri*", "*elektrisk*", "eldriv*", "elmotor*", "ladda hemma", "laddbox*", "hemmaladd*", "laddstolp*", "electric", "ev", "evs", "batteribil*", "elfordon*", "elsuv*"],
    importance: 16,
    score: (variant) => (variant.fuel === "el" ? 1 : variant.fuel === "laddhybrid" ? 0.2 : variant.fuel === "elhybrid" ? -0.3 : -1),
    yes: ({ candidate: { variant } }) =>
      `Den är helt eldriven och går runt ${rangeMil(variant)} på en laddning – räkna med kortare räckvidd på vintern – och skatten är bara 360 kr per år.`,
    no: ({ candidate: { variant } }) =>
      variant.fuel === "laddhybrid"
        ? `Inom budgeten blir det laddhybriden ${variant.label}, som kör cirka ${rangeMil(variant)} på el innan bensinmotorn tar över.`
        : "Modellen finns inte som elbil i din prisklass, så den passar sämre om du vill köra på el.",
  }),
  fuelWish({
    id: "plugin-hybrid",
    noun: "laddhybrid",
    patterns: ["laddhybrid*", "plug in", "plugin*", "phev", "laddbar* hybrid*"],
    importance: 14,
    score: (variant) => (variant.fuel === "laddhybrid" ? 1 : variant.fuel === "el" ? 0.3 : variant.fuel === "elhybrid" ? -0.2 : -0.8),
    yes: ({ candidate: { variant } }) =>
      `Laddhybriden ${variant.label} kör cirka ${rangeMil(variant)} på el, så vardagsresorna kan ofta göras helt på ström.`,
    no: ({ candidate: { variant } }) =>
      variant.fuel === "el"
        ? "Modellen finns inte som laddhybrid, men elversionen ger ännu lägre körkostnad."
        : "Modellen finns inte som laddhybrid i din prisklass.",
  }),
  fuelWish({
    id: "hybrid",
    noun: "hybrid",
    patterns: ["hybrid*", "elhybrid*", "fullhybrid*", "mildhybrid*", "hybridbil*", "hev"],
    importance: 12,
    score: (variant) => (variant.fuel === "elhybrid" ? 1 : variant.fuel === "laddhybrid" ? 0.8 : variant.fuel === "el" ? 0 : -0.6),
    yes: ({ candidate: { variant } }) =>
      variant.fuel === "elhybrid"
        ? `Hybridsystemet i ${variant.label} gör den snål i stadstrafik, och den behöver aldrig laddas.`
        : `Laddhybriden ${variant.label} ger hybridens fördelar och kan dessutom köra kortare sträckor på el.`,
    no: () => "Modellen finns inte som hybrid i din prisklass.",
  }),
  fuelWish({
    id: "diesel",
    noun: "diesel",
    patterns: ["diesel*", "tdi", "hvo*"],
    importance: 12,
    score: (variant) => (isDieselVariant(variant) ? 1 : -0.6),
    yes: ({ candidate: { variant } }) => `${variant.label} är en snål diesel som passar dig som kör långt, och den kan ofta tankas med HVO.`,
    no: () => "Modellen finns inte med dieselmotor i din prisklass.",
  }),
  fuelWish({
    id: "bensin",
    noun: "bensin",
    patterns: ["bensin*", "petrol", "gasoline"],
    importance: 8,
    score: (variant) =>
      variant.fuel === "bensin" ? 1 : variant.fuel === "elhybrid" ? 0.6 : variant.fuel === "laddhybrid" && variant.combustionFuel !== "diesel" ? 0.3 : -0.5,
    yes: ({ candidate: { variant } }) => `${variant.label} går på bensin${variant.fuel === "bensin" ? "" : " med hjälp av elmotor"}.`,
    no: () => "Modellen erbjuds inte med bensinmotor i din prisklass.",
  }),
  fuelWish({
    id: "ethanol",
    noun: "etanol",
    patterns: ["etanol*", "e85", "flexifuel*", "flexfuel*", "biopower", "ethanol"],
    importance: 12,
    score: (variant) => (variant.fuel === "e85" ? 1 : -0.6),
    yes: ({ candidate: { variant, cost } }) => `${variant.label} kan tankas med E85, vilket ger låg fordonsskatt: ${formatSek(cost.tax)} per år.`,
    no: () => "Modellen finns inte med etanoldrift.",
  }),
  fuelWish({
    id: "gas",
    noun: "gas",
    patterns: ["biogas*", "fordonsgas*", "gasbil*", "gasdrift*", "naturgas*", "cng", "metan*", "gas", "tgi", "g tec"],
    importance: 12,
    score: (variant) => (variant.fuel === "gas" ? 1 : -0.6),
    yes: ({ candidate: { variant } }) => `${variant.label} går på fordonsgas – med biogas blir klimatpåverkan låg, och skatten är låg.`,
    no: () => "Modellen finns inte med gasdrift.",
  }),
  {
    id: "frugal",
    matcher: matcher([
      "*snål*", "ekonomisk*", "låg förbrukning", "förbrukning*", "driftskostnad*", "låga driftskostnad*", "billig i drift", "billig att köra",
      "billig att äga", "miljö*", "klimat*", "economical", "efficient", "fuel efficient",
    ]),
    importance: 12,
    weights: { economy: 1.2 },
    fit: ({ costFit }) => costFit,
    explain: ({ candidate: { variant, cost } }, fit) =>
      fit >= 0
        ? `Den är billig i drift: räkna med ungefär ${formatSek(cost.fuel)} per år i ${variant.fuel === "el" ? "el" : "drivmedel"} och ${formatSek(cost.tax)} i skatt.`
        : `Den hör inte till de snålaste – ${variant.fuel === "el" ? "elen" : "drivmedlet"} kostar ungefär ${formatSek(cost.fuel)} per år och skatten ${formatSek(cost.tax)}.`,
    prefer: (variant) => (variant.fuel === "el" || variant.fuel === "laddhybrid" || variant.fuel === "elhybrid" ? 1 : variant.fuel === "diesel" || variant.fuel === "gas" ? 0.5 : 0),
  },
  {
    id: "cheap",
    matcher: matcher(["billig*", "prisvärd*", "budget*", "låg kostnad*", "låga kostnad*", "lite pengar", "spara pengar", "cheap", "affordable"]),
    importance: 10,
    weights: { economy: 0.8, reliability: 0.3 },
    fit: ({ costFit, candidate, request }) => clamp(0.5 * costFit + 0.5 * (1 - (2 * candidate.price) / request.maxPrice), -1, 1),
    explain: ({ candidate: { cost } }, fit) =>
      `Räkna med en ägandekostnad kring ${formatSek(cost.total / 12)} i månaden inklusive skatt, försäkring och service${fit < 0 ? ", vilket är i överkant för klassen" : ""}.`,
  },
  {
    id: "safe",
    matcher: matcher(["säker*", "trafiksäker*", "krocksäker*", "trygg*", "krocktest*", "ncap", "safe*", "safety"]),
    importance: 12,
    weights: { security: 1.2 },
    fit: ({ candidate: { entry } }) => {
      const stars = entry.ncap?.stars;
      const base = stars === undefined ? -0.2 : stars === 5 ? (entry.ncap && entry.ncap.year >= 2015 ? 1 : 0.7) : stars === 4 ? 0.1 : stars === 3 ? -0.6 : -1;
      return clamp(base + (entry.ratings.security - 80) / 40, -1, 1);
    },
    explain: ({ candidate: { entry } }, fit) =>
      fit >= 0.5
        ? `Säkerheten är hög: ${ncapShort(entry)} och moderna förarstöd för sin tid.`
        : `Säkerhetsmässigt finns bättre val – ${ncapShort(entry)}.`,
  },
  {
    id: "winter",
    matcher: matcher([
      "*vinter*", "snö*", "halk*", "norrland*", "fjäll*", "kyla", "kallt", "minusgrader", "isiga", "isigt", "glashal*",
      "lappland*", "jämtland*", "kiruna", "luleå", "umeå", "östersund", "skid*", "winter", "snow",
    ]),
    importance: 10,
    weights: { security: 0.2, reliability: 0.2 },
    fit: ({ candidate: { entry, variant } }) => clamp(awdFit(entry, variant, 1, 0.8, 0.2, -0.3) - (variant.fuel === "el" ? 0.15 : 0), -1, 1),
    explain: ({ candidate: { entry, variant } }) => {
      const cold = variant.fuel === "el" ? " Räkna med att räckvidden krymper med en fjärdedel eller mer i sträng kyla." : "";
      if (entry.awd === "standard") return `Fyrhjulsdriften gör den stabil på snö och is.${cold}`;
      if (entry.awd === "option") return `Med fyrhjulsdrift, som finns som tillval, blir den en bra vinterbil.${cold}`;
      return `Den saknar fyrhjulsdrift, så satsa på riktigt bra vinterdäck.${cold}`;
    },
    prefer: (variant, entry) => (entry.awd === "option" && hasAwdVariant(variant) ? 0.8 : 0),
  },
  {
    id: "city",
    matcher: matcher(["stad", "stan", "staden", "stads*", "innerstad*", "storstad*", "parker*", "fickparker*", "smidig*", "kompakt*", "trånga", "city"], ["stadsjeep*"]),
    importance: 10,
    weights: { economy: 0.2 },
    fit: ({ candidate: { entry, variant } }) => {
      let fit = entry.size === "small" ? 1 : entry.size === "compact" ? 0.5 : entry.size === "midsize" ? -0.2 : -0.8;
      if (entry.bodyTypes[0] === "pickup" || entry.bodyTypes[0] === "familjebuss") fit -= 0.5;
      if (variant.fuel === "el" || variant.fuel === "elhybrid") fit += 0.2;
      return clamp(fit, -1, 1);
    },
    explain: ({ candidate: { entry } }, fit) =>
      fit >= 0.6
        ? "Den är kompakt och lätt att parkera i stan."
        : fit >= 0
          ? "Den är lagom stor för stadstrafik."
          : "Den är ganska stor, vilket gör parkering i trånga stadsmiljöer besvärligare.",
  },
  {
    id: "space",
    matcher: matcher(["plats*", "rymlig*", "*utrymme*", "bagage*", "lasta*", "lastförmåga", "stor", "stora", "stort", "större", "flytt*", "ikea", "cykl*", "space", "spacious", "roomy"]),
    importance: 10,
    weights: { comfort: 0.2 },
    fit: ({ candidate: { entry } }) => {
      if (entry.bootLitres === null) return 0.2;
      const boot = entry.bootLitres;
      let fit = boot >= 600 ? 1 : boot >= 500 ? 0.6 : boot >= 420 ? 0.1 : boot >= 350 ? -0.3 : -0.8;
      if (entry.bodyTypes[0] === "familjebuss") fit = 1;
      return fit;
    },
    explain: ({ candidate: { entry } }, fit) =>
      entry.bootLitres === null
        ? "Flaket tar skrymmande last som inte får plats i en vanlig bil."
        : fit >= 0.1
          ? `Det är gott om plats: ${bootText(entry)} med baksätet uppfällt.`
          : `Bagaget på ${formatNumber(entry.bootLitres)} liter är i minsta laget om du behöver mycket plats.`,
  },
  {
    id: "quiet",
    matcher: matcher(["tyst*", "ljudnivå*", "lugn*", "ljudisoler*", "vägljud", "vägbuller", "buller", "quiet", "silent"]),
    importance: 8,
    weights: { comfort: 0.8 },
    fit: ({ candidate: { entry, variant } }) =>
      clamp(
        (variant.fuel === "el" ? 0.7 : variant.fuel === "elhybrid" || variant.fuel === "laddhybrid" ? 0.3 : isDieselVariant(variant) ? -0.3 : 0) +
          (entry.ratings.comfort - 70) / 30,
        -1,
        1,
      ),
    explain: ({ candidate: { entry, variant } }, fit) =>
      variant.fuel === "el"
        ? "Elmotorn gör den tyst, särskilt i låga farter."
        : fit >= 0.3
          ? "Kupén är väl ljudisolerad och lugn i motorvägsfart."
          : `${carLabel(entry)} är inte den tystaste i klassen.`,
  },
  {
    id: "sporty",
    matcher: matcher(["sportig*", "sportbil*", "snabb*", "körglädje", "kul att köra", "rolig att köra", "roligt att köra", "acceleration*", "kraftfull*", "hästkraft*", "hk", "sporty", "fast", "powerful"], ["snabbladd*"]),
    importance: 10,
    weights: { performance: 1.5 },
    fit: ({ candidate: { entry } }) => clamp((entry.ratings.performance - 65) / 25 + (entry.bodyTypes.includes("coupe-cab") ? 0.3 : 0), -1, 1),
    explain: ({ candidate: { entry } }) =>
      entry.ratings.performance >= 80
        ? `${carLabel(entry)} är rolig att köra, med prestanda och styrning över det vanliga.`
        : entry.ratings.performance >= 65
          ? "Den har pigga köregenskaper för klassen."
          : "Den är mer förnuftig än sportig.",
  },
  {
    id: "reliable",
    matcher: matcher(["pålitlig*", "driftsäker*", "hållbar*", "problemfri*", "tålig*", "robust*", "krångl*", "krångel*", "bekymmersfri*", "som håller", "håller länge", "reliable", "reliability"]),
    importance: 10,
    weights: { reliability: 1.5 },
    fit: ({ candidate: { entry } }) => clamp((entry.ratings.reliability - 75) / 15, -1, 1),
    explain: ({ candidate: { entry } }) =>
      entry.ratings.reliability >= 85
        ? `${carLabel(entry)} hör till de mest driftsäkra bilarna i sin klass.`
        : entry.ratings.reliability >= 72
          ? "Driftsäkerheten är god om servicen har skötts – be om servicebok."
          : "Driftsäkerheten är sämre än snittet, så läs om vanliga fel nedan och låt en verkstad kontrollera bilen före köp.",
  },
  {
    id: "comfort",
    matcher: matcher(["*komfort*", "bekväm*", "skön*", "mjuk*", "fjädring*", "comfort*", "comfy"]),
    importance: 8,
    weights: { comfort: 1.2 },
    fit: ({ candidate: { entry } }) => clamp((entry.ratings.comfort - 72) / 15, -1, 1),
    explain: ({ candidate: { entry } }) =>
      entry.ratings.comfort >= 82
        ? "Komforten är hög, med bekväma stolar och en följsam fjädring."
        : entry.ratings.comfort >= 70
          ? "Komforten är bra för klassen."
          : "Komforten är enkel, särskilt på dåliga vägar.",
  },
  {
    id: "work",
    matcher: matcher(["hantverk*", "firma*", "jobbbil*", "arbetsbil*", "bygg*", "skog*", "jakt*", "lantbruk*", "gård*", "timmer", "verktyg*"]),
    importance: 12,
    weights: { reliability: 0.5 },
    fit: ({ candidate: { entry, towingKg } }) => {
      const body = entry.bodyTypes[0];
      let fit = body === "pickup" ? 1 : body === "kombi" || body === "suv" || body === "familjebuss" ? 0 : -0.6;
      if (entry.awd === "standard") fit += 0.3;
      if (towingKg >= 2500) fit += 0.3;
      return clamp(fit, -1, 1);
    },
    explain: ({ candidate: { entry, towingKg } }, fit) =>
      entry.bodyTypes.includes("pickup")
        ? `Som pickup med ${formatNumber(towingKg)} kg dragvikt och fyrhjulsdrift passar den för jobb, skog och tunga lass.`
        : fit >= 0.3
          ? `Den klarar tyngre uppgifter med ${entry.awd === "none" ? "" : "fyrhjulsdrift och "}${formatNumber(towingKg)} kg dragvikt.`
          : "För tyngre arbetsuppgifter passar en pickup eller större kombi bättre.",
  },
  {
    id: "newish",
    matcher: matcher(["ny", "nyare", "nya", "nyast*", "nyskick", "modern*", "garanti*", "fräsch*", "låga miltal", "lågt miltal", "låg mätarställning", "new", "newer"]),
    importance: 8,
    weights: { reliability: 0.3 },
    fit: ({ candidate: { cost } }) => (cost.ageYears <= 2 ? 1 : cost.ageYears <= 4 ? 0.5 : cost.ageYears <= 7 ? 0 : cost.ageYears <= 10 ? -0.5 : -1),
    explain: ({ candidate: { year, cost } }) =>
      cost.ageYears <= 4
        ? `Budgeten räcker till en ${year} eller nyare, så bilen är bara ${numberWord(Math.max(1, cost.ageYears))} år gammal.`
        : `Budgeten räcker till årsmodell ${year}, så räkna med en bil som är runt ${formatNumber(cost.ageYears)} år gammal.`,
  },
];

const HEAVY_TOWING = matcher(["husvagn*", "hästtransport*", "hästsläp*", "häst*", "båt*", "caravan", "tunga släp", "tungt släp", "tung last"]);

const BODY_PATTERNS: Record<BodyType, readonly string[]> = {
  smabil: ["småbil*", "minibil*", "liten bil", "stadsbil*"],
  halvkombi: ["halvkombi*", "hatchback*"],
  sedan: ["sedan*"],
  kombi: ["kombi*", "stationsvagn*", "herrgårdsvagn*", "estate", "wagon"],
  suv: ["suv*", "stadsjeep*", "crossover*", "jeep*"],
  familjebuss: ["familjebuss*", "minibuss*", "mpv", "skjutdörr*"],
  "coupe-cab": ["cab", "cabriolet*", "cabbe", "coupé*", "coupe*", "roadster*", "sufflett*", "convertible", "öppen bil"],
  pickup: ["pickup*", "pick up", "flakbil*", "flak"],
};

const BODY_WISHES: readonly Wish[] = (Object.keys(BODY_PATTERNS) as BodyType[]).map((body) => ({
  id: `body-${body}`,
  matcher: matcher(BODY_PATTERNS[body]),
  importance: 12,
  fit: ({ candidate: { entry } }) => (entry.bodyTypes.includes(body) ? 1 : -0.5),
  explain: ({ candidate: { entry } }, fit) =>
    fit > 0 ? `Den finns som ${BODY_NOUNS[body]}, precis som du önskade.` : `${carLabel(entry)} finns inte som ${BODY_NOUNS[body]}.`,
  negated: {
    fit: ({ candidate: { entry } }) => (entry.bodyTypes[0] === body ? -1 : 0.2),
    explain: ({ candidate: { entry } }) => `Du ville undvika ${BODY_NOUNS[body]}, och ${carLabel(entry)} är ${BODY_NOUNS[entry.bodyTypes[0] ?? body]}.`,
  },
}));

const MAKE_ALIASES: Record<string, readonly string[]> = {
  Volkswagen: ["volkswagen", "vw", "folkvagn*"],
  "Mercedes-Benz": ["mercedes*", "benz"],
  Skoda: ["skoda", "škoda"],
};

const BRAND_WISHES: readonly Wish[] = [...new Set(CATALOGUE.map((entry) => entry.make))].sort().map((make) => ({
  id: `brand-${make}`,
  matcher: matcher(MAKE_ALIASES[make] ?? [make.toLowerCase()]),
  importance: 14,
  fit: ({ candidate: { entry } }) => (entry.make === make ? 1 : -0.2),
  explain: ({ candidate: { entry } }, fit) =>
    fit > 0
      ? `Du nämnde ${make}, och ${carLabel(entry)} är den modell från märket som bäst matchar dina övriga önskemål.`
      : `Du nämnde ${make}, men ${carLabel(entry)} matchar dina övriga önskemål bättre.`,
  negated: {
    fit: ({ candidate: { entry } }) => (entry.make === make ? -1 : 0.1),
    explain: ({ candidate: { entry } }) => `Du ville undvika ${make}, så förslaget är en ${entry.make}.`,
  },
}));

const ALL_WISHES: readonly Wish[] = [...WISHES, ...BODY_WISHES, ...BRAND_WISHES];

/** The wishes a description expresses, in catalogue order (deterministic). */
export function detectWishes(description: string): { id: string; negated: boolean }[] {
  return readWishes(tokenizeDescription(description)).map(({ wish, negated }) => ({ id: wish.id, negated }));
}

function readWishes(clauses: string[][]): DetectedWish[] {
  const detected: DetectedWish[] = [];
  for (const wish of ALL_WISHES) {
    const mention = findMention(clauses, wish.matcher);
    if (mention === "positive") detected.push({ wish, negated: false });
    else if (mention === "negated" && wish.negated) detected.push({ wish, negated: true });
  }
  return detected;
}

// ── Ranking ──────────────────────────────────────────────────────────────────────────────────

/** Newest model year in which this variant's typical price fits the budget, or null. */
function newestAffordableYear(entry: CatalogueEntry, variant: Variant, maxPrice: number): number | null {
  const [from, to] = variantYears(entry, variant);
  for (let year = to; year >= from; year--) {
    if (usedPrice(entry, year, variant) <= maxPrice) return year;
  }
  return null;
}

function ownershipFor(entry: CatalogueEntry, variant: Variant, year: number, assumptions: OwnershipAssumptions): OwnershipCostEstimate {
  return estimateOwnershipCostWith(
    {
      fuel: variant.fuel,
      combustionFuel: variant.combustionFuel,
      consumptionPer100Km: variant.consumption,
      electricityPer100Km: variant.electricConsumption,
      co2GPerKm: variant.co2,
      modelYear: year,
      curbWeightKg: entry.curbWeightKg,
      costClass: entry.costClass,
    },
    assumptions,
  );
}

/** Picks the variant that best serves the wishes, within budget; earlier variants win ties. */
function chooseVariant(
  entry: CatalogueEntry,
  request: RecommendationRequest,
  wishes: readonly DetectedWish[],
  assumptions: OwnershipAssumptions,
): Candidate | null {
  let best: { candidate: Candidate; score: number } | null = null;
  for (const [index, variant] of entry.variants.entries()) {
    const year = newestAffordableYear(entry, variant, request.maxPrice);
    if (year === null) continue;
    const cost = ownershipFor(entry, variant, year, assumptions);
    let preference = -0.01 * index + 0.05 * (year - entry.years[0]) - cost.total / 100_000;
    for (const { wish, negated } of wishes) {
      const prefer = negated ? wish.negated?.prefer : wish.prefer;
      preference += prefer?.(variant, entry) ?? 0;
    }
    const candidate: Candidate = {
      entry,
      variant,
      year,
      price: usedPrice(entry, year, variant),
      cost,
      towingKg: towingOf(variant, entry),
    };
    if (best === null || preference > best.score) best = { candidate, score: preference };
  }
  return best?.candidate ?? null;
}

/** Newer cars carry less risk of expensive repairs: a small nudge, not a filter. */
function freshnessBonus(ageYears: number): number {
  if (ageYears <= 3) return 3;
  if (ageYears <= 6) return 1;
  if (ageYears <= 10) return -1;
  if (ageYears <= 15) return -4;
  return -8;
}

/** Squashes the raw score into 0–100 while keeping the order (a balanced good car lands near 75). */
function toOverall(raw: number): number {
  return Math.round(100 / (1 + Math.exp(-(raw - 60) / 20)));
}

/** How much a perfect match with every wish adds to the rating score (and a total miss takes away). */
const WISH_SCORE_SPAN = 25;

interface Scored {
  candidate: Candidate;
  raw: number;
  overall: number;
  explanations: { text: string; fit: number; weight: number }[];
}

function score(
  candidate: Candidate,
  request: RecommendationRequest,
  wishes: readonly DetectedWish[],
  costRange: { min: number; max: number },
  heavyTowing: boolean,
  assumptions: OwnershipAssumptions,
): Scored {
  const span = costRange.max - costRange.min;
  const costFit = span > 0 ? 1 - (2 * (candidate.cost.total - costRange.min)) / span : 0;
  const context: Context = { candidate, request, costFit, heavyTowing, assumptions };

  const weights = { ...BASE_WEIGHTS };
  let weightedFit = 0;
  let importance = 0;
  const explanations: Scored["explanations"] = [];
  for (const { wish, negated } of wishes) {
    if (!negated) {
      for (const [key, delta] of Object.entries(wish.weights ?? {}) as [RatingKey, number][]) weights[key] += delta;
    }
    const behaviour = negated && wish.negated ? wish.negated : wish;
    const fit = clamp(behaviour.fit(context), -1, 1);
    weightedFit += fit * wish.importance;
    importance += wish.importance;
    explanations.push({ text: behaviour.explain(context, fit), fit, weight: wish.importance * Math.abs(fit) });
  }

  const ratings = candidate.entry.ratings;
  const totalWeight = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
  const ratingScore =
    (Object.keys(weights) as RatingKey[]).reduce((sum, key) => sum + weights[key] * ratings[key], 0) / totalWeight;
  // The importance-weighted mean fit (-1…1) keeps many wishes from drowning the ratings, and a
  // single wish from deciding alone.
  const wishScore = importance > 0 ? weightedFit / importance : 0;
  const raw = ratingScore + WISH_SCORE_SPAN * wishScore + freshnessBonus(candidate.cost.ageYears);
  return { candidate, raw, overall: toOverall(raw), explanations };
}

// ── Texts ────────────────────────────────────────────────────────────────────────────────────

function budgetSentence(candidate: Candidate, request: RecommendationRequest): string {
  const { entry, year, price } = candidate;
  if (year === entry.years[1]) {
    return `Budgeten på ${formatSek(request.maxPrice)} räcker till de senaste årsmodellerna (${year}), där typiska priser ligger runt ${formatSek(price)}.`;
  }
  return `Med ${formatSek(request.maxPrice)} i budget räcker det till en ${year} eller nyare, där typiska priser ligger runt ${formatSek(price)}.`;
}

function whyItFits(scored: Scored, request: RecommendationRequest, wishes: readonly DetectedWish[]): string {
  const { candidate } = scored;
  const sentences: string[] = [];
  if (wishes.length === 0) {
    sentences.push(
      `Vi kunde inte läsa ut några särskilda önskemål ur beskrivningen, så förslaget bygger på en balanserad bedömning av säkerhet, driftsäkerhet, ekonomi och komfort – där hör ${carLabel(candidate.entry)} till de jämnaste alternativen i din prisklass.`,
    );
  } else {
    // Strongest signals first, good news before caveats, at most four so the text stays readable.
    const picked = [...scored.explanations]
      .map((explanation, index) => ({ ...explanation, index }))
      .sort((a, b) => b.weight - a.weight || a.index - b.index)
      .slice(0, 4)
      .sort((a, b) => Number(b.fit >= 0) - Number(a.fit >= 0) || b.weight - a.weight || a.index - b.index);
    for (const explanation of picked) sentences.push(explanation.text);
  }
  if (request.carType !== "alla" && !wishes.some(({ wish }) => wish.id === `body-${request.carType}`)) {
    sentences.push(`Den finns som ${BODY_NOUNS[request.carType]}, som du valde.`);
  }
  sentences.push(budgetSentence(candidate, request));
  return [...new Set(sentences)].join(" ");
}

function sellerSentence(sellerType: SellerType): string {
  switch (sellerType) {
    case "privat":
      return "Köper du av en privatperson gäller köplagen, som ger ett svagare skydd än när du köper av en handlare – gör en begagnatbesiktning, kontrollera att bilen inte har skulder eller ägarförbehåll och betala spårbart.";
    case "handlare":
      return "Köper du av en handlare gäller konsumentköplagen: fel som visar sig inom två år antas ha funnits vid köpet, och du kan reklamera i tre år.";
    case "alla":
      return "Hos en handlare skyddar konsumentköplagen dig betydligt bättre än köplagen gör vid ett privatköp, vilket kan vara värt en del av prisskillnaden.";
  }
}

function deepDive(candidate: Candidate, request: RecommendationRequest, assumptions: OwnershipAssumptions, mileageTo: number): string {
  const { entry, variant, cost, year } = candidate;
  const sentences: string[] = [];
  const ongoing = entry.years[1] >= assumptions.referenceYear - 1;
  // "andra generationen" reads naturally after "i"; factory codes such as "G20/G21" need the noun.
  const generation = entry.generation.includes("generation") ? entry.generation : `generationen ${entry.generation}`;
  sentences.push(
    ongoing
      ? `Förslaget gäller ${carLabel(entry)} i ${generation}, som funnits sedan årsmodell ${entry.years[0]}.`
      : `Förslaget gäller ${carLabel(entry)} i ${generation}, som såldes som årsmodell ${entry.years[0]}–${entry.years[1]}.`,
  );

  let variantSentence = `Vi rekommenderar i första hand ${variant.label} (${fuelOf(variant)}), som drar ungefär ${consumptionText(variant)} i verklig blandad körning`;
  if (variant.fuel === "el") variantSentence += ` och räcker runt ${rangeMil(variant)} per laddning sommartid`;
  if (variant.fuel === "laddhybrid") variantSentence += ` och kör cirka ${rangeMil(variant)} på el`;
  sentences.push(`${variantSentence}.`);

  const others = entry.variants
    .filter((other) => other !== variant && variantYears(entry, other)[0] <= entry.years[1])
    .slice(0, 3)
    .map((other) => `${other.label} (${fuelOf(other)})`);
  if (others.length > 0) sentences.push(`Modellen finns även som ${joinSwedish(others)}.`);

  if (cost.malus) {
    const after = calculateVehicleTax({
      fuel: variant.fuel,
      combustionFuel: variant.combustionFuel,
      co2GPerKm: variant.co2,
      fordonsar: year,
      firstTaxable: { year, month: 7 },
      taxedAt: { year: year + 3, month: 7 },
      curbWeightKg: entry.curbWeightKg,
    }).annualTax;
    sentences.push(
      `Fordonsskatten blir cirka ${formatSek(cost.tax)} per år så länge bilen är inom malusperioden (de tre första åren), därefter cirka ${formatSek(after)}.`,
    );
  } else if (year <= 2005 && (variant.fuel === "bensin" || variant.fuel === "diesel" || variant.fuel === "e85" || variant.fuel === "gas")) {
    sentences.push(
      `Bilar av fordonsår 2005 och äldre beskattas oftast efter vikt, vilket här blir cirka ${formatSek(cost.tax)} per år (miljöklass 2005-bilar beskattas i stället på koldioxid – kolla registret).`,
    );
  } else {
    sentences.push(`Fordonsskatten blir cirka ${formatSek(cost.tax)} per år.`);
  }

  sentences.push(
    `Räknat på ${formatMil(assumptions.milPerYear)} per år landar ägandekostnaden på ungefär ${formatSek(cost.total)} per år (cirka ${formatSek(cost.total / 12)} i månaden): ${variant.fuel === "el" ? "el" : "drivmedel"} ${formatSek(cost.fuel)}, ${cost.fullInsurance ? "helförsäkring" : "halvförsäkring"} ${formatSek(cost.insurance)}, skatt ${formatSek(cost.tax)} samt service, däck och besiktning ${formatSek(cost.maintenance)}. Värdeminskningen kommer utöver detta.`,
  );
  sentences.push(ncapSentence(entry));
  sentences.push(
    `Sikta på högst ${formatMil(mileageTo)} på mätaren – ungefär ${formatMil(ODOMETER_MIL_PER_YEAR)} per år är normalt – och en komplett servicebok.`,
  );
  sentences.push(sellerSentence(request.sellerType));
  sentences.push(
    "Priser och kostnader är uppskattningar för 2025–26; kontrollera alltid den enskilda bilens skick, historik och skatt hos Transportstyrelsen.",
  );
  return sentences.join(" ");
}

function extraPros(candidate: Candidate): string[] {
  const pros: string[] = [];
  if (candidate.cost.tax <= 400) pros.push(`Låg fordonsskatt: ${formatSek(candidate.cost.tax)} per år`);
  if (candidate.cost.total / 12 <= 2500) pros.push(`Låg ägandekostnad, cirka ${formatSek(candidate.cost.total / 12)} i månaden`);
  return pros;
}

function extraCons(candidate: Candidate): string[] {
  const cons: string[] = [];
  if (candidate.cost.malus && candidate.cost.tax > 3600) cons.push(`Malusskatt på ${formatSek(candidate.cost.tax)} per år de första tre åren`);
  if (candidate.cost.ageYears >= 12) cons.push("Hög ålder: räkna med fler reparationer och kontrollera rost noga");
  return cons;
}

function mileageFor(ageYears: number): number {
  const mil = Math.max(1, ageYears) * ODOMETER_MIL_PER_YEAR;
  return Math.min(MAX_RECOMMENDED_MILEAGE, Math.ceil(mil / 500) * 500);
}

function roundDown(value: number, step: number): number {
  return Math.floor(value / step) * step;
}

function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

function toSuggestion(
  scored: Scored,
  rank: number,
  request: RecommendationRequest,
  wishes: readonly DetectedWish[],
  assumptions: OwnershipAssumptions,
): CarSuggestion {
  const { candidate } = scored;
  const { entry, variant, cost, price, year } = candidate;
  const mileageTo = mileageFor(cost.ageYears);
  // Prices spread around the typical level by condition and mileage; never above the budget.
  const priceTo = Math.min(request.maxPrice, roundUp(price * 1.1, 1000));
  const priceFrom = Math.min(priceTo, roundDown(price * 0.85, 1000));
  return CarSuggestionSchema.parse({
    carName: `${entry.make} ${entry.model} ${variant.label}`,
    carMake: entry.make,
    carModel: entry.model,
    carTagline: entry.tagline,
    ratings: {
      rank,
      overall: scored.overall,
      comfort: entry.ratings.comfort,
      performance: entry.ratings.performance,
      security: entry.ratings.security,
      reliability: entry.ratings.reliability,
      economy: entry.ratings.economy,
      finalScore: 0,
    },
    pros: [...entry.pros, ...extraPros(candidate)],
    cons: [...entry.cons, ...extraCons(candidate)],
    recommendedYear: { from: year },
    recommendedPrice: { from: priceFrom, to: priceTo },
    recommendedMileage: { to: mileageTo },
    whyItFits: whyItFits(scored, request, wishes),
    deepDiveAnalysis: deepDive(candidate, request, assumptions, mileageTo),
    commonFlaws: entry.knownFlaws.join(" "),
    ownershipCost: { insurance: cost.insurance, tax: cost.tax, fuel: cost.fuel, maintenance: cost.maintenance },
  });
}

/**
 * Ranks catalogue models for a request: hard constraints (budget, body type) filter, the
 * description's wishes and the model ratings score. Returns at most `limit` suggestions, one per
 * make + model, and an empty list when nothing fits the budget.
 */
export function recommendLocally(
  request: RecommendationRequest,
  assumptions: OwnershipAssumptionsOverrides = {},
): CarSuggestion[] {
  const resolved = resolveOwnershipAssumptions(assumptions);
  const clauses = tokenizeDescription(request.description);
  const wishes = readWishes(clauses);
  const heavyTowing = findMention(clauses, HEAVY_TOWING) === "positive";

  const candidates: Candidate[] = [];
  for (const entry of CATALOGUE) {
    if (request.carType !== "alla" && !entry.bodyTypes.includes(request.carType)) continue;
    const candidate = chooseVariant(entry, request, wishes, resolved);
    if (candidate) candidates.push(candidate);
  }
  if (candidates.length === 0) return [];

  const totals = candidates.map((candidate) => candidate.cost.total);
  const costRange = { min: Math.min(...totals), max: Math.max(...totals) };
  const scored = candidates
    .map((candidate) => score(candidate, request, wishes, costRange, heavyTowing, resolved))
    // Ties fall back to the id (plain code-unit order) so the ranking never depends on the locale.
    .sort((a, b) => b.raw - a.raw || (a.candidate.entry.id < b.candidate.entry.id ? -1 : 1));

  // One suggestion per make + model: two generations of the same car would read as a duplicate.
  const seen = new Set<string>();
  const picked: Scored[] = [];
  for (const item of scored) {
    const key = `${item.candidate.entry.make}|${item.candidate.entry.model}`;
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(item);
    if (picked.length >= request.limit) break;
  }
  return picked.map((item, index) => toSuggestion(item, index + 1, request, wishes, resolved));
}

/**
 * The offline recommender behind the shared Recommender contract. Everything is computed at once,
 * so `onCar` fires for each car in rank order right before the promise resolves.
 */
/** The offline recommender behind the shared interface, with the configured cost assumptions. */
export function createLocalRecommender(assumptions: OwnershipAssumptionsOverrides = {}): Recommender {
  return {
    source: "local",
    recommend: async (request, options) => {
      options?.signal?.throwIfAborted();
      const cars = recommendLocally(request, assumptions);
      cars.forEach((car, index) => options?.onCar?.(car, { done: index + 1, total: request.limit }));
      return cars;
    },
  };
}

export const localRecommender: Recommender = createLocalRecommender();
