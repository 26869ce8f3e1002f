import { flownTo, placeOfAnother } from "./possessors.server";
import type { Token } from "./tokenize.server";

/** Living or working there: the buyer's own electricity prices and winters. */
const HOME = /^(bor|bosatt|bosatta|boende|flytta|flyttar|flyttat|flyttade|jobbar|arbetar|hemma|här|live|lives|living)$/u;
const RESIDENT = /^(bor|bosatt|bosatta|boende|live|lives|living)$/u;
const FORMER_HOME = /^(bodde|bott|växte|uppvuxen|lived)$/u;
const anyOf = (words: readonly string[]) => new RegExp(`^(${words.map((word) => word.replace("*", "\\p{L}*")).join("|")})$`, "u");

// prettier-ignore
const VISIT = anyOf([
  "åker", "åka", "åkte", "kör", "köra", "besök*", "hälsa*", "semest*", "res*", "stuga", "stugan", "*stuga", "*stugan",
  "dit", "sportlov*", "skidsemester", "visit*", "trip*", "*resa", "*resor", "*resan", "barnbarn*", "drar", "dra",
]);
// prettier-ignore
const OTHER_PEOPLE = anyOf([
  "mamma", "pappa", "mor", "far", "föräldr*", "svärföräldr*", "svärmor", "svärfar", "släkt*", "farmor", "mormor",
  "farfar", "morfar", "syster", "systern", "bror", "brodern", "brorsan", "kompis*", "vän", "vänner", "dotter", "dottern",
  "son", "sonen", "barnen", "farbror", "morbror", "faster", "moster", "kusin*", "parents", "mum", "mom", "dad",
]);
const WINTER_SEASON = /^(vinter\p{L}*|vintrar\p{L}*|jul|julen|jullov\p{L}*|sportlov\p{L}*|skid\p{L}*|nyår\p{L}*|winter\p{L}*|christmas)$/u;
const SUMMER_SEASON = /^(sommar\p{L}*|somrar\p{L}*|sommarn|midsommar\p{L}*|summer\p{L}*)$/u;
export const MOUNTAINS = /^(fjäll\p{L}*|åre|hemavan|tärnaby|vemdalen|funäsdalen|riksgränsen|abisko|sälen|idre)$/u;

export type PlaceSense = "home" | "visit";

function someoneElseLives(tokens: readonly Token[], home: number): boolean {
  if (tokens[home]?.norm !== "bor") return false;
  return tokens.slice(Math.max(0, home - 3), home).some((token) => OTHER_PEOPLE.test(token.norm));
}

/** Before an infinitive "va" is "vara" ("ska va"); elsewhere phone Swedish writes the past "var" so ("va i kiruna i vintras"). */
const INFINITIVE_LEADS = new Set([
  "ska",
  "skall",
  "måste",
  "får",
  "kan",
  "vill",
  "bör",
  "skulle",
  "behöver",
  "att",
  "måtte",
  "kunna",
  "inte",
  "gärna",
  "helst",
  "också",
  "även",
  "alltid",
  "nog",
  "hellre",
]);
const pastBe = (tokens: readonly Token[], index: number) => {
  const word = tokens[index]?.text.toLowerCase();
  return word === "var" || (word === "va" && !INFINITIVE_LEADS.has(tokens[index - 1]?.norm ?? ""));
};
const IN_A_PLACE = new Set(["i", "på", "uppe", "nere", "borta", "ute"]);
const STATEMENT_BREAKS = new Set(["men", "fast", "but"]);

/** The nearest telling word before the place decides ("bor i", "åker till", "var i"), else the nearest after up to a "men"; with none it is home. */
export function placeSense(tokens: readonly Token[], at: number): PlaceSense {
  return toldSense(tokens, at) ?? "home";
}

export function toldSense(tokens: readonly Token[], at: number): PlaceSense | undefined {
  // "brorsan i Kiruna", "flyger dit": another's place, or one flown to, is no climate the car lives in.
  const resident = tokens.slice(Math.max(0, at - 3), at).some((token) => RESIDENT.test(token.norm));
  if (placeOfAnother(tokens, at) || (flownTo(tokens) && !resident)) return "visit";
  const judge = (index: number): PlaceSense | undefined => {
    const norm = tokens[index]?.norm ?? "";
    if (FORMER_HOME.test(norm)) return "visit";
    if (pastBe(tokens, index) && IN_A_PLACE.has(tokens[index + 1]?.norm ?? "")) return "visit";
    if (HOME.test(norm)) return someoneElseLives(tokens, index) ? "visit" : "home";
    if (VISIT.test(norm)) return "visit";
    return undefined;
  };
  for (let index = at - 1; index >= 0; index--) {
    const sense = judge(index);
    if (sense !== undefined) return sense;
  }
  for (let index = at + 1; index < tokens.length; index++) {
    if (STATEMENT_BREAKS.has(tokens[index]?.norm ?? "")) break;
    const sense = judge(index);
    if (sense !== undefined) return sense;
  }
  return undefined;
}

export type Season = "winter" | "summer";

export function seasonOf(tokens: readonly Token[]): Season | undefined {
  if (tokens.some((token) => WINTER_SEASON.test(token.norm))) return "winter";
  if (tokens.some((token) => SUMMER_SEASON.test(token.norm))) return "summer";
  return undefined;
}

const PAST_TRIP = anyOf([
  "var",
  "åkte",
  "besökte",
  "hyrde",
  "körde",
  "provkörde",
  "fastnade",
  "märkte",
  "vintras",
  "somras",
  "våras",
  "hösta",
  "förra",
  "was",
  "were",
  "visited",
  "rented",
]);

/** "var i Åre på sportlovet", "va i kiruna i vintras": a trip that was, not the buyer's driving. */
export function pastTrip(tokens: readonly Token[]): boolean {
  return tokens.some((token, index) => PAST_TRIP.test(token.norm) || pastBe(tokens, index));
}

export function visitBringsWinter(tokens: readonly Token[], at: number, described?: Season): boolean {
  if (pastTrip(tokens) || flownTo(tokens)) return false;
  const season = seasonOf(tokens) ?? described;
  return season === "winter" || (season === undefined && MOUNTAINS.test(tokens[at]?.norm ?? ""));
}

// prettier-ignore
const STORED = anyOf([
  "garage", "garaget", "vintergarage*", "står", "stå", "ställ", "ställs", "ställer", "ställas", "avställ*",
  "vinteruppställ*", "uppställ*", "övervintr*", "vilar", "vila", "sommarbil*", "förvar*", "avregistr*", "stored",
  "storage",
]);
const OUTDOORS = /^(ute|utomhus|utan|gatan|gatuparker\p{L}*|outside)$/u;
const STORED_WINTER_WORD = /^vinter(uppställ|förvar|garage|vila|vilo)/u;

/** A car parked away for the winter ("ska stå i garaget på vintern") does no winter driving; snow and ice still count. */
export function winterStored(tokens: readonly Token[], at: number): boolean {
  const word = tokens[at]?.norm ?? "";
  if (STORED_WINTER_WORD.test(word)) return true;
  if (!/^(vinter|vintrar|winter)/u.test(word)) return false;
  return tokens.some((token) => STORED.test(token.norm)) && !tokens.some((token) => OUTDOORS.test(token.norm));
}

const ROUTE = /\p{Lu}\p{Ll}{2,}\s?[–—-]\s?\p{Lu}\p{Ll}{2,}/u;
// prettier-ignore
const PLACES = new Set([
  "stockholm", "göteborg", "malmö", "uppsala", "västerås", "örebro", "linköping", "norrköping", "jönköping", "umeå",
  "luleå", "kiruna", "östersund", "sundsvall", "gävle", "karlstad", "falun", "borlänge", "helsingborg", "kalmar",
  "växjö", "visby", "åre", "sälen", "idre", "oslo", "köpenhamn", "skellefteå", "piteå", "halmstad", "trollhättan",
  "hemavan", "vemdalen", "funäsdalen", "mora", "eskilstuna", "södertälje", "borås", "kristianstad", "lund", "ystad",
]);

/** "göteborg-stockholm", "mellan Malmö och Stockholm", "från Uppsala till Göteborg": lower case, both ends must be places we know. */
const KNOWN_ROUTES = [/(\p{L}{3,})\s?[–—-]\s?(\p{L}{3,})/u, /\b(?:mellan|från|between|from) (\p{L}{3,}) (?:och|o|å|till|and|to) (\p{L}{3,})/u];

export function routePlaces(description: string): string[] {
  const route = description.match(ROUTE)?.[0];
  const places = route?.split(/\s?[–—-]\s?/u).map((place) => place.toLowerCase()) ?? [];
  if (places.some((place) => PLACES.has(place))) return places;
  for (const pattern of KNOWN_ROUTES) {
    const found = description.toLowerCase().match(pattern);
    const ends = [found?.[1] ?? "", found?.[2] ?? ""];
    if (ends.every((place) => PLACES.has(place))) return ends;
  }
  return [];
}

const COMMUTE_ROUTE = /(?<![\p{L}])(varje (?:arbets|vardags)?dag|varje vardag|dagligen|till och från jobbet|till jobbet|till arbetet)(?![\p{L}])/iu;
const asWritten = (description: string, place: string) =>
  new RegExp(`(?<![\\p{L}])${place.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")}(?![\\p{L}])`, "iu").exec(description)?.[0] ?? place;

/** The route as a long-trip wish, quoted in the buyer's spelling; a daily commute between two towns is none (as "4 mil till jobbet" is none). */
export function longTripQuote(description: string, route: readonly string[]): string | null {
  if (route.length === 0 || COMMUTE_ROUTE.test(description)) return null;
  return route.map((place) => asWritten(description, place)).join("–");
}

const ROUTE_WORDS = new Set(["till", "mot", "mellan", "från", "via", "to", "from", "between"]);
const MOVING = /^(flytta|flyttar|flyttat|flyttade|move|moving)$/u;
/** A city on a route ("göteborg-stockholm", "motorväg till Stockholm", "mellan Malmö och Stockholm") is a trip, not where the buyer drives. */
export function onRoute(tokens: readonly Token[], at: number, description: string): boolean {
  if (/\p{L}[–—-]\p{L}/u.test(tokens[at]?.text ?? "") || routePlaces(description).includes(tokens[at]?.norm ?? "")) return true;
  const previous = tokens[at - 1]?.norm ?? "";
  if (ROUTE_WORDS.has(previous)) return !MOVING.test(tokens[at - 2]?.norm ?? "");
  if (PLACES.has(previous) || PLACES.has(tokens[at + 1]?.norm ?? "")) return true;
  return ["och", "o", "å", "and"].includes(previous) && ROUTE_WORDS.has(tokens[at - 3]?.norm ?? "");
}

const HOME_HERE = /^(här|hemma|bor|hos)$/u;
const HARSH = /^(farlig\p{L}*|illa|hård\p{L}*|tuff\p{L}*|sträng\p{L}*|besvärlig\p{L}*|kall\p{L}*|mycket|bad|harsh)$/u;
const NOT = new Set(["inte", "ej", "aldrig", "knappt", "not", "never"]);
const SCARCE = new Set(["sällan", "aldrig", "knappt", "ingen", "inget", "lite", "little", "rarely", "no"]);
const SCARCE_FILLERS = new Set(["så", "mycket", "särskilt", "speciellt", "nån", "någon", "något", "med", "mer", "är", "det", "blir", "nästan", "much"]);

/** "de e sällan snö här", "det snöar ju typ aldrig här", "knappt nån vinter i Malmö": mild winters where the buyer lives ("vill inte fastna i snön" is not). */
const SCARCE_AFTER_FILLERS = new Set(["ju", "typ", "nästan", "väl", "liksom", "ändå", "egentligen", "i", "princip", "blir", "det", "har", "vi", "nåt", "nån"]);
const CAPITAL = /^\p{Lu}/u;

export function mildHome(tokens: readonly Token[], at: number): boolean {
  const placeAfter = tokens[at + 1]?.norm === "i" && CAPITAL.test(tokens[at + 2]?.text ?? "");
  if (!placeAfter && !tokens.some((token) => HOME_HERE.test(token.norm))) return false;
  for (let index = at - 1; index >= 0 && at - index <= 4; index--) {
    const norm = tokens[index]?.norm ?? "";
    if (SCARCE.has(norm) || NOT.has(norm)) return true;
    if (!SCARCE_FILLERS.has(norm)) break;
  }
  for (let index = at + 1; index < tokens.length && index - at <= 4; index++) {
    const norm = tokens[index]?.norm ?? "";
    if (SCARCE.has(norm) || NOT.has(norm)) return true;
    if (!SCARCE_AFTER_FILLERS.has(norm)) break;
  }
  const after = tokens.slice(at + 1, at + 6);
  if (after.some((token) => /^mild/u.test(token.norm))) return true;
  return after.some((token, index) => NOT.has(token.norm) && after.slice(index + 1, index + 3).some((next) => HARSH.test(next.norm)));
}
