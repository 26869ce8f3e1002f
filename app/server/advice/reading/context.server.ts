import type { Token } from "./tokenize.server";

/**
 * A word's sense from its neighbours: a northern town the buyer lives in or only visits, a
 * winter the car drives through or spends in a garage. Pure functions over one clause's tokens.
 */

/** Living or working there: the buyer's own electricity prices and winters. */
const HOME = /^(bor|bosatt|bosatta|boende|flytta|flyttar|flyttat|flyttade|jobbar|arbetar|hemma|här|live|lives|living)$/u;
/** One of these whole words; "stem*" is any word starting with the stem. */
const anyOf = (words: readonly string[]) =>
  new RegExp(`^(${words.map((word) => word.replace("*", "\\p{L}*")).join("|")})$`, "u");

/** Going there: a trip, a cabin, a holiday, family who live there. */
// prettier-ignore
const VISIT = anyOf([
  "åker", "åka", "åkte", "kör", "köra", "besök*", "hälsa", "semest*", "res*", "stuga", "stugan", "*stuga", "*stugan",
  "dit", "sportlov*", "skidsemester", "visit*", "trip*",
]);
/** Someone else who lives there ("min mamma bor i Umeå"): the buyer visits. */
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
  // "min mamma bor", "svärföräldrarna bor", "mina föräldrar som bor".
  return tokens.slice(Math.max(0, home - 3), home).some((token) => OTHER_PEOPLE.test(token.norm));
}

/**
 * Whether a place the clause names is where the buyer lives: the nearest telling word before it
 * decides ("bor i Östersund", "åker till fjällen"), else the nearest after it ("stuga i
 * Funäsdalen dit vi åker", "i Umeå där vi bor"); with no telling word, a place is home.
 */
export function placeSense(tokens: readonly Token[], at: number): PlaceSense {
  const judge = (index: number): PlaceSense | undefined => {
    const norm = tokens[index]?.norm ?? "";
    if (HOME.test(norm)) return someoneElseLives(tokens, index) ? "visit" : "home";
    if (VISIT.test(norm)) return "visit";
    return undefined;
  };
  for (let index = at - 1; index >= 0; index--) {
    const sense = judge(index);
    if (sense !== undefined) return sense;
  }
  for (let index = at + 1; index < tokens.length; index++) {
    const sense = judge(index);
    if (sense !== undefined) return sense;
  }
  return "home";
}

export type Season = "winter" | "summer";

/** The season a clause (or the whole description) names, winter first. */
export function seasonOf(tokens: readonly Token[]): Season | undefined {
  if (tokens.some((token) => WINTER_SEASON.test(token.norm))) return "winter";
  if (tokens.some((token) => SUMMER_SEASON.test(token.norm))) return "summer";
  return undefined;
}

/** A visit brings winter driving when it is made in winter, or to the mountains outside summer. */
export function visitBringsWinter(tokens: readonly Token[], at: number, described?: Season): boolean {
  const season = seasonOf(tokens) ?? described;
  return season === "winter" || (season === undefined && MOUNTAINS.test(tokens[at]?.norm ?? ""));
}

/** Words for a car parked away for the winter ("står i garaget", "ställer av", "vinteruppställd"). */
// prettier-ignore
const STORED = anyOf([
  "garage", "garaget", "vintergarage*", "står", "stå", "ställ", "ställs", "ställer", "ställas", "avställ*",
  "vinteruppställ*", "uppställ*", "övervintr*", "vilar", "vila", "sommarbil*", "förvar*", "avregistr*", "stored",
  "storage",
]);
/** Parked outdoors in winter: the winter still matters ("står ute på vintern"). */
const OUTDOORS = /^(ute|utomhus|utan|gatan|gatuparker\p{L}*|outside)$/u;
/** Words that are themselves a stored winter ("vinteruppställd", "vinterförvaring"). */
const STORED_WINTER_WORD = /^vinter(uppställ|förvar|garage|vila|vilo)/u;

/**
 * A season word about a car that spends the winter parked: "Den ska stå i garaget på vintern" is
 * no winter driving. Snow, ice and cold are still read wherever they appear.
 */
export function winterStored(tokens: readonly Token[], at: number): boolean {
  const word = tokens[at]?.norm ?? "";
  if (STORED_WINTER_WORD.test(word)) return true;
  if (!/^(vinter|vintrar|winter)/u.test(word)) return false;
  return tokens.some((token) => STORED.test(token.norm)) && !tokens.some((token) => OUTDOORS.test(token.norm));
}

/** "Stockholm–Åre", "Göteborg-Stockholm": a route between two places is a long trip. */
const ROUTE = /\p{Lu}\p{Ll}{2,}\s?[–—-]\s?\p{Lu}\p{Ll}{2,}/u;
// prettier-ignore
const PLACES = new Set([
  "stockholm", "göteborg", "malmö", "uppsala", "västerås", "örebro", "linköping", "norrköping", "jönköping", "umeå",
  "luleå", "kiruna", "östersund", "sundsvall", "gävle", "karlstad", "falun", "borlänge", "helsingborg", "kalmar",
  "växjö", "visby", "åre", "sälen", "idre", "oslo", "köpenhamn", "skellefteå", "piteå", "halmstad", "trollhättan",
  "hemavan", "vemdalen", "funäsdalen", "mora", "eskilstuna", "södertälje", "borås", "kristianstad", "lund", "ystad",
]);

/** The places of a route ("Stockholm–Åre"), when one of them is a place we know. */
export function routePlaces(description: string): string[] {
  const route = description.match(ROUTE)?.[0];
  if (route === undefined) return [];
  const places = route.split(/\s?[–—-]\s?/u).map((place) => place.toLowerCase());
  return places.some((place) => PLACES.has(place)) ? places : [];
}
