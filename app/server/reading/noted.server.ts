import type { NotedItem } from "#app/lib/requirements";
import { compileLexicon, findMatches, type Entry, type Match } from "./match.server";
import { modalityOf, type ClauseReading } from "./modality.server";
import { quote, type Token } from "./tokenize.server";
import { buildingAround, LONG_LOADS } from "./wishes.server";

/**
 * Needs the reading has no field for ("massage i stolarna", "hundbur bak", "kör Bolt"): shown as "Noterat" with the words
 * they came from, so a stated need is never silently dropped. A note steers nothing; when its words also made a wish or a
 * requirement ("hund": gott om plats), it says so, so the page never claims the words were ignored.
 */

interface Feature {
  kind: "feature";
  /** What we show ("stolsvärme"); the modality is put in front of it. */
  label: string;
  /** Seats across the rear: a count before the word is part of the note. */
  counted?: boolean;
  softOnly?: boolean;
  refusedOnly?: boolean;
}

const feature = (label: string, phrases: readonly string[], counted = false): Entry<Feature> => ({
  phrases,
  meaning: { kind: "feature", label, ...(counted ? { counted } : {}) },
});
const refusedOnly = (label: string, phrases: readonly string[]): Entry<Feature> => ({ phrases, meaning: { kind: "feature", label, refusedOnly: true } });
const softOnly = (label: string, phrases: readonly string[]): Entry<Feature> => ({ phrases, meaning: { kind: "feature", label, softOnly: true } });

const LONG_LOAD_LABEL = "långt gods (skivor, reglar, plank)";
const COUNT = /^(\d+|två|tre|fyra|2|3|4)$/u;
const SEVEN = /^(7|sju)$/u;
const CHARGER = /^(ladd\p{L}*|wallbox)$/u;
/** "kör bara till affären o kyrkan": an everyday errand driven to is a short trip; "jobbar på ica" is not. */
const TOWARDS = new Set(["till", "te", "ti", "to"]);
const errandTrip = (tokens: readonly Token[], index: number) =>
  TOWARDS.has(tokens[index - 1]?.norm ?? "") || (tokens[index - 1]?.norm === "och" && TOWARDS.has(tokens[index - 3]?.norm ?? ""));
/** "jag är 198 cm lång", "sonen e 1,95 lång": a person tall enough to need headroom; "basen är 190 cm lång" is a load. */
const TALL_ONES = /^(jag|han|hon|vi|man|mannen|maken|frun|frugan|sambon|sonen|dottern|killen|tjejen|grabben|pojken|barnen|ungarna|i|he|she)$/u;
const personIs = (tokens: readonly Token[], at: number) => tokens[at - 1]?.norm === "är" && (at === 1 || TALL_ONES.test(tokens[at - 2]?.norm ?? ""));
const tallBefore = (tokens: readonly Token[], index: number) => {
  const unit = tokens[index - 1]?.norm ?? "";
  const at = ["cm", "m", "meter"].includes(unit) ? index - 2 : index - 1;
  const figure = tokens[at]?.number?.value ?? Number.NaN;
  const tall = unit === "cm" ? figure >= 180 && figure <= 230 : figure >= 1.8 && figure <= 2.3;
  return tall && personIs(tokens, at);
};
const chargerBefore = (tokens: readonly Token[], index: number) => tokens.slice(Math.max(0, index - 4), index).some((token) => CHARGER.test(token.norm));
const countedBefore = (tokens: readonly Token[], index: number) => tokens.slice(Math.max(0, index - 4), index).some((token) => COUNT.test(token.norm));

// prettier-ignore
const FEATURES: readonly Entry<Feature>[] = [
  feature("stolsvärme", ["stolsvärme*", "sätesvärme*", "sitsvärme*", "värme i stolarna", "heated seats", "seat heating"]),
  feature("rattvärme", ["rattvärme*", "värme i ratten", "heated steering wheel", "heated wheel"]),
  feature("motorvärmare", ["motorvärmare*", "motorvärme*", "kupévärmare*", "kupevärmare*", "webasto", "engine heater"]),
  feature("fungerande värme", ["fungerande värme", "bra värme"]),
  feature("värmepump", ["värmepump*", "heat pump"]),
  feature("Apple CarPlay / Android Auto", ["carplay", "apple carplay", "android auto"]),
  feature("backkamera", ["backkamera*", "backkamra*", "parkeringskamera*", "360 kamera", "kamera bak", "reversing camera", "backup camera"]),
  feature("parkeringssensorer", ["parkeringssensor*", "parkeringshjälp*", "pdc"]),
  feature("adaptiv farthållare", ["adaptiv farthållare", "farthållare*", "adaptive cruise*", "acc", "cruise control"]),
  feature("skinnklädsel", ["skinn", "skinnklädsel*", "skinnsäten", "skinnstolar", "läderklädsel*", "leather*"]),
  feature("massage i stolarna", ["massage*", "massagestol*"]),
  feature("ventilerade stolar", ["ventilerade stolar", "ventilerade säten", "ventilation i stolarna", "kylda stolar"]),
  feature("bra stolar", ["bra stolar", "sköna stolar", "bekväma stolar", "bra säten", "sportstolar"]),
  feature("navigation", ["navi", "navigation*", "gps"]),
  feature("bra ljudsystem", ["ljudsystem*", "stereo*", "högtalare*", "bra ljud", "sound system"]),
  feature("stor skärm", ["stor skärm", "stora skärmar", "pekskärm*", "skärm*", "touchscreen*", "screen*"]),
  feature("fysiska knappar", ["knappar", "vred", "fysiska knappar", "buttons"]),
  feature("bra strålkastare", ["strålkastare*", "ledljus*", "matrix*", "extraljus*", "headlights"]),
  feature("isofix", ["isofix*"]),
  feature("skidbox / takbox", ["skidbox*", "takbox*", "roof box"]),
  feature("last på taket (takräcke)", ["på taket", "på tak", "takräcke*", "takbåg*", "taklast*", "roof rack*", "on the roof"]),
  feature("bra sikt", ["sikt", "sikten", "bra sikt", "god sikt", "runtomsikt", "överblick*", "visibility"]),
  feature("huvudutrymme (lång förare)", ["huvudutrymme*", "takhöjd*", "headroom", "slå i huvudet", "slår i huvudet", "slå huvudet", "slår huvudet", "huvudet i taket"]),
  { ...feature("huvudutrymme (lång förare)", ["lång", "långa"]), when: tallBefore },
  // Exact: "pensionen" (the money) is one letter from "pensionär".
  { ...feature("pensionär (förarens ålder)", ["pensionär*", "pensionerad*", "ålderspensionär*", "retired", "retiree*", "pensioner", "pensioners"]), exact: true },
  feature("vinterdäck ingår", ["vinterdäck*", "dubbdäck*", "winter tyres", "winter tires"]),
  feature("snabbladdning", ["snabbladd*", "fast charging", "dc laddning", "laddeffekt*", "ccs"]),
  feature("Euro NCAP", ["euro ncap", "ncap", "krocktest*"]),
  feature("V8", ["v8", "v8a", "v8:a"]),
  softOnly("sju säten", ["sjusits*", "sjusitsare"]),
  { ...softOnly("sju säten", ["säten", "platser", "sittplatser", "sits", "sitsar"]), when: (tokens, index) => SEVEN.test(tokens[index - 1]?.norm ?? "") },
  feature("turbo", ["turbo*", "turbomotor*", "turboladd*"]),
  refusedOnly("stor bil", ["för stor", "för stora", "för stort", "så stor", "så stora", "jättestor*", "stort monster", "stora monster", "stor bil", "stora bilar"]),
  refusedOnly("liten bil", ["små bilar", "småbilar", "liten bil", "för liten", "för små"]),
  feature("klimatanläggning", ["klimatanläggning*", "luftkonditionering*", "aircondition*", "ac", "a c", "klimatautomatik*"]),
  feature("head-up display", ["hud", "head up*", "headup*"]),
  feature("plats för skidor", ["skidor", "skidorna", "skidutrustning*", "längdskidor*"]),
  { ...feature("laddning på jobbet", ["jobbet", "jobbe", "arbetet", "firman"]), when: (tokens, index) => chargerBefore(tokens, index) },
  feature("kamrem / kamkedja", ["kamkedj*", "kamrem*", "timing chain", "timing belt"]),
  feature("bakåtvänd barnstol", ["bakåtvänd*", "rear facing", "rearfacing"]),
  feature("antal dörrar", ["dörrar", "femdörrars", "4 dörrar", "5 dörrar", "tredörrars", "doors"]),
  feature("färg", ["röd", "röda", "rött", "svart", "svarta", "vit", "vita", "vitt", "blå", "grå", "silver", "färg*", "colour", "color"]),
  feature("servad, välskött", ["servad*", "servicebok*", "servicehistorik*", "servicehistoria", "service history", "full service*", "välskött*", "välvårdad*", "skött", "ompysslad*"]),
  feature("godkänd besiktning", ["besiktning*", "besiktad*", "besiktigad*", "besiktat"]),
  feature("ingen rost", ["rost*", "rostfri*", "rostig*", "rust*"]),
  feature("inget skrotfynd", ["skrothög*", "skrotbil*", "rishög*", "rostlåda*", "vrak"]),
  feature("lätt att kliva i och ur", ["lätt att kliva*", "lätt å kliva*", "lätt o kliva*", "lätt att komma in*", "lätt att ta sig in*", "lätt att stiga*", "insteg*", "kliva in", "kliva i", "kliva ur", "easy to get in*"]),
  feature("lätt att köra", ["lätt att köra", "lättkörd*", "enkel att köra", "easy to drive"]),
  feature("låg lastkant", ["lastkant*", "ramp"]),
  feature("ryggen", ["ryggen", "rygg", "dålig rygg", "ryggont", "ryggproblem", "back pain"]),
  feature("hund", ["hund*", "hundbur*", "hundgaller*", "valp*", "labrador*", "schäfer*", "bur", "buren", "burar", "burarna", "jämthund*", "retriever*", "border collie*", "collie*", "spaniel*", "tax", "vovve*", "jycke*", "dog*"]),
  feature("barnvagn", ["barnvagn*", "vagnen", "pram", "stroller"]),
  feature(LONG_LOAD_LABEL, LONG_LOADS),
  { ...feature("långt gods (skivor)", ["skivor", "skivorna"]), when: buildingAround },
  { ...feature("långt gods (rör)", ["rör", "rören"]), when: buildingAround },
  { ...feature("långt gods (stege)", ["stegar", "stege", "stegen"]), when: buildingAround },
  feature("plats för verktyg", ["verktyg*", "rördelar", "verktygslåd*", "tools"]),
  feature("förmånsvärde", ["förmånsvärde*", "förmånsbeskatt*", "förmånsskatt*", "benefit in kind"]),
  feature("garanti", ["garanti*", "nybilsgaranti*", "warranty"]),
  feature("korta sträckor", ["korta sträckor", "korta turer", "korta resor", "kör kort", "kort pendling", "short trips"]),
  { ...feature("korta sträckor", ["affären", "mataffären", "ica", "coop", "konsum", "willys", "lidl", "kyrkan", "apoteket", "vårdcentralen", "posten", "doktorn", "läkaren", "frisören", "banken", "tandläkaren"]), when: errandTrip },
  feature("skogsvägar", ["skogsbilväg*", "skogsväg*", "skogen", "jakt*", "älgjakt*"]),
  feature("pendlarbil", ["pendlarbil*", "pendelbil*", "commuter car"]),
  feature("andrabil", ["andrabil*", "second car", "extrabil*", "bil nummer två"]),
  feature("leasing", ["leasing*", "leasa", "privatleasing*", "lease"]),
  feature("premium", ["premium*", "lyx*", "top spec", "fullutrustad*", "välutrustad*"]),
  feature("lågt miltal", ["low mileage", "låga mil", "lågt miltal", "låga miltal", "lågmil*", "lite körd", "lite körda", "få mil"]),
  feature("modern bil", ["modern", "modernt", "moderna", "modernare", "nyare modell", "modern car"]),
  feature("snygg", ["snygg*", "fin att titta på", "cool", "läcker", "stilig*", "good looking"]),
  feature("laddning på jobbet", ["laddar på jobbet", "laddbox på jobbet", "laddning på jobbet", "ladda på jobbet", "laddstolpe på jobbet", "charge at work"]),
  feature("kallstart i kyla", ["startar på morron*", "startar på morgonen", "startar i kyla*", "kallstart*"]),
  // Situations the reading has no field for.
  feature("barnstolar bredvid varandra bak", ["barnstol*", "bilbarnstol*", "bilstol*", "babyskydd*", "bälteskudd*", "bälteskuddar", "bredvid varandra", "bredvid varann", "i bredd"], true),
  { ...feature("tre i bredd i baksätet", ["baksäte*", "platser bak", "plats bak", "ungar bak", "barn bak", "säten bak", "sittplatser bak", "stolar bak", "där bak", "rear seat*", "back seat*"], true), when: countedBefore },
  feature("taxi eller samåkning (Bolt, Uber)", ["taxi*", "bolt", "uber", "färdtjänst*", "ridehailing", "yrkestrafik*"]),
  feature("student", ["student", "studenter", "pluggar", "plugga", "pluggat", "studerar", "csn", "csn-budget", "korridor", "korridoren"]),
  feature("ny förare", ["körkort*", "körkortet", "lappen", "första bil*", "forsta bil*", "nybliven förare", "ny förare", "ny på vägarna", "first car", "fyller 18", "övningskör*"]),
];

const LEXICON = compileLexicon<Feature>(FEATURES);
const ALREADY_REFUSING = /^(ingen|inget|inga) /u;
const MAX_NOTED = 20;

function prefix(reading: ClauseReading<unknown>, match: Match<Feature>): string {
  const modality = modalityOf(reading, match.start, match.end);
  if (modality.ownership || modality.reported) return "Om din nuvarande eller någon annans bil: ";
  if (modality.negated) return modality.hedged ? "Helst inte: " : "Inte: ";
  if (modality.indifferent) return "Inget krav: ";
  if (modality.hedged || modality.comparison) return "Gärna: ";
  return "";
}

const NEGATIONS = new Set(["inte", "ej", "ingen", "inget", "inga", "aldrig", "not", "no"]);
const SOFTENERS = new Set(["helst", "gärna", "hellre"]);
/** "inte för stor" is one wish phrase, so the refusal is read from the words right before the size. */
function refusalLead(reading: ClauseReading<unknown>, match: Match<Feature>): string {
  const lead = prefix(reading, match);
  if (lead.startsWith("Inte") || lead.startsWith("Helst inte")) return lead;
  const before = reading.tokens.slice(Math.max(0, match.start - 3), match.start).map((token) => token.norm);
  if (!before.some((word) => NEGATIONS.has(word))) return lead;
  return before.some((word) => SOFTENERS.has(word)) ? "Helst inte: " : "Inte: ";
}

/** "3 barnstolar", "tre barn i bilstolar": the count and the seats; else the quoted words alone. */
function countedFrom(tokens: readonly Token[], start: number): number {
  for (let index = start - 1; index >= Math.max(0, start - 4); index--) if (COUNT.test(tokens[index]?.norm ?? "")) return index;
  return start;
}

/** Whether the reader's own vocabulary also read these words into the search ("neutral" words read nothing). */
function alsoRead(reading: ClauseReading<{ kind: string }>, start: number, end: number): boolean {
  return reading.concepts.some((concept) => concept.start < end && start < concept.end && concept.meaning.kind !== "neutral");
}

/** The features named in each clause, with the modality they were named with. */
export function notedFeatures(readings: readonly ClauseReading<{ kind: string }>[], description: string): NotedItem[] {
  const items: NotedItem[] = [];
  const seen = new Set<string>();
  for (const reading of readings) {
    for (const match of findMatches(LEXICON, reading.tokens, () => true)) {
      const modality = modalityOf(reading, match.start, match.end);
      const from = match.meaning.counted === true ? countedFrom(reading.tokens, match.start) : (modality.negationStart ?? match.start);
      const words = quote(description, reading.tokens, Math.min(from, match.start), match.end - 1);
      const refused = match.meaning.refusedOnly === true ? refusalLead(reading, match) : prefix(reading, match);
      const lead = ALREADY_REFUSING.test(match.meaning.label) && refused.includes("nte:") ? "" : refused;
      if (match.meaning.softOnly === true && (lead === "" || lead.startsWith("Om "))) continue;
      if (match.meaning.refusedOnly === true && !lead.startsWith("Inte") && !lead.startsWith("Helst inte")) continue;
      const text = `${lead}${match.meaning.label}`;
      const key = `${text}|${words}`;
      if (words.length < 3 || seen.has(key)) continue;
      seen.add(key);
      items.push({ text, quote: words, steers: alsoRead(reading, match.start, match.end) });
    }
  }
  return items.slice(0, MAX_NOTED);
}

const WAIVER_WORDS = /^(krav|måste|nödvändig\p{L}*|\p{L}*viktig\p{L}*|must|required|requirement)$/u;
/** "men inget krav" alone: it waives the clause before; "i övrigt öppen" is a note of its own. */
const waiverOnly = (reading: ClauseReading<unknown>, marker: { start: number; end: number }) =>
  reading.tokens.some((token) => WAIVER_WORDS.test(token.norm)) &&
  reading.tokens.every((token, index) => (index >= marker.start && index < marker.end) || WAIVER_FILLERS.has(token.norm));
const WAIVER_FILLERS = new Set(["men", "fast", "but", "det", "är", "e", "ju", "och", "inget", ",", "!", "."]);

/** "diesel är inte uteslutet", "spelar ingen roll om det är sedan eller kombi": allowed (which keeps it in the search), not asked for. */
export function notedPermissions(readings: readonly ClauseReading<{ kind: string }>[], description: string): NotedItem[] {
  const items: NotedItem[] = [];
  for (const reading of readings) {
    const spans = reading.markers.filter((marker) => marker.meaning.marker === "acceptable" || marker.meaning.marker === "indifference");
    for (const marker of spans) {
      const named = reading.concepts.filter((concept) => Math.abs(concept.start - marker.start) <= 6 && concept.meaning.kind !== "neutral");
      if (marker.meaning.marker === "indifference" && named.length === 0 && waiverOnly(reading, marker)) continue;
      const first = Math.min(marker.start, ...named.map((concept) => concept.start));
      const last = Math.max(marker.end, ...named.map((concept) => concept.end));
      const words = quote(description, reading.tokens, first, last - 1);
      if (words.length < 3) continue;
      items.push({
        text: `${marker.meaning.marker === "acceptable" ? "Går bra" : "Inget krav"}: ${words}`,
        quote: words,
        steers: marker.meaning.marker === "acceptable",
      });
    }
  }
  return items.slice(0, MAX_NOTED);
}

/** Qualities that pick out a kind ("hög", "dyr", "gammal", "lyxsuv"): refusing that kind is no refusal of every car of it; swearing only stresses. */
const QUALITY_WORDS =
  /^(hög|höga|högt|mjuk|mjuka|mjukt|klumpig\p{L}*|tung|tunga|tungt|high|soft|dyr|dyra|dyrt|svindyr\p{L}*|lyx\p{L}*|flashig\p{L}*|gammal|gamla|gammalt|uråldrig\p{L}*|törstig\p{L}*|rostig\p{L}*|sliten|slitna|slitet|skraltig\p{L}*|fet|feta|fett|onödig\p{L}*|expensive|old|fancy|luxury|thirsty)$/u;
const QUALITY_PREFIX = /^(lyx|premium|jätte|monster|gammel|luxury)\p{L}{2,}$/u;
export function qualifiedRefusal(tokens: readonly Token[], from: number, start: number): boolean {
  return tokens.slice(from, start).some((token) => QUALITY_WORDS.test(token.norm)) || QUALITY_PREFIX.test(tokens[start]?.norm ?? "");
}

/** Refusals with no field: a body disliked ("inte så förtjusta i suvar"), a size refused ("ingen åbäke"). */
export function notedRefusals(readings: readonly ClauseReading<{ kind: string }>[], description: string): NotedItem[] {
  const items: NotedItem[] = [];
  for (const reading of readings) {
    for (const concept of reading.concepts) {
      const kind = concept.meaning.kind;
      if (kind !== "body" && kind !== "size") continue;
      const modality = modalityOf(reading, concept.start, concept.end);
      if (!modality.negated || modality.ownership || modality.reported) continue;
      const qualified = kind === "body" && qualifiedRefusal(reading.tokens, modality.negationStart ?? concept.start, concept.start);
      if (kind === "body" && !modality.hedged && !qualified) continue;
      const words = quote(description, reading.tokens, Math.min(modality.negationStart ?? concept.start, concept.start), concept.end - 1);
      if (words.length >= 3) items.push({ text: `${modality.hedged ? "Helst inte" : "Inte"}: ${words}`, quote: words, steers: kind === "size" });
    }
  }
  return items.slice(0, MAX_NOTED);
}
