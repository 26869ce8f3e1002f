import type { Token } from "./tokenize.server";

/**
 * Whose car, place or climate it is, by the form of the words rather than a list of phrases: a genitive of a person, kin, a
 * job or an employer ("svågerns Outback", "min frus XC40", "hemtjänstens små toyotor", "firmans volvo v90"), a possessive
 * ("hans", "sin"), and a person before a place ("brorsan i Kiruna"). What such a phrase governs is context, never the
 * buyer's requirement.
 */

// prettier-ignore
const PERSON_STEMS = [
  "fru", "frug", "man", "mann", "make", "mak", "maka", "sambo", "partner", "pojkvän", "flickvän", "pojkvänn", "flickvänn",
  "svåger", "svågr", "svägersk", "bror", "brors", "broder", "brorsa", "syster", "systr", "syrra", "kusin", "moster", "faster",
  "morbror", "farbror", "mormor", "farmor", "morfar", "farfar", "svärfar", "svärmor", "svärson", "svärdotter", "svärföräldr",
  "föräldr", "pappa", "mamma", "farsa", "morsa", "far", "mor", "son", "dotter", "döttr", "söner", "barn", "unge", "ung",
  "grabb", "tös", "tjej", "kille", "gubbe", "gubb", "kärring", "granne", "grann", "kompis", "kompisar", "polare", "vän",
  "vänn", "kollega", "kolleg", "chef", "ex", "släkting", "släkt", "svärfäder", "grannfru", "kusiner",
];
// prettier-ignore
const EMPLOYER_STEMS = [
  "firma", "firm", "jobb", "företag", "bolag", "arbetsgivare", "arbetsgivar", "kommun", "hemtjänst", "tjänst", "region",
  "landsting", "skola", "skol", "verkstad", "åkeri", "taxibolag", "bilpool", "myndighet", "polis", "akut", "sjukhus",
  "vård", "gård",
];
/** Definite and plural endings before the genitive "s": "svåger|n|s", "hemtjänst|en|s", "jobb|et|s", "grann|arna|s". */
const ENDINGS = "(?:en|n|et|t|arna|erna|orna|na|ar|er|or|a|e)?";
const stems = (list: readonly string[]) => list.map((stem) => stem.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")).join("|");
/** A compound may lead ("grannfrun", "styvpappan"); the genitive "s" ends it. */
const GENITIVE = new RegExp(`^\\p{L}*(?:${stems([...PERSON_STEMS, ...EMPLOYER_STEMS])})${ENDINGS}s$`, "u");
const PERSON_NOUN = new RegExp(`^\\p{L}*(?:${stems(PERSON_STEMS)})${ENDINGS}$`, "u");

/** Possessive pronouns: after one, any word in "-s" is a genitive ("min frus", "hans brors", "mina föräldrars"). */
const POSSESSIVES = new Set(["min", "mitt", "mina", "din", "ditt", "dina", "hans", "hennes", "hens", "deras", "vår", "vårt", "våra", "sin", "sitt", "sina"]);
/** Possessives that are someone else's: "sin elbil" in "brorsan svär över sin elbil" is the brother's. */
export const OTHERS_POSSESSIVES = new Set(["hans", "hennes", "deras", "hens", "sin", "sitt", "sina", "his", "her", "their"]);

/** Words that may stand between the genitive and the car ("firmans gamla", "hemtjänstens små", "svågerns nya"). */
// prettier-ignore
const MODIFIERS = new Set([
  "gamla", "nuvarande", "förra", "älskade", "trogna", "kära", "nya", "små", "lilla", "stora", "fina", "dyra", "billiga",
  "röda", "vita", "svarta", "grå", "blå", "snabba", "tunga", "rostiga", "jävla", "fula", "trötta", "två", "tre", "båda",
  "bägge", "old", "current", "new",
]);
const MAX_MODIFIERS = 2;

const COMMON_S_WORDS = new Set(["bens", "ens", "hos", "plus", "tips", "bus", "mars", "kurs", "pris", "fars", "mors"]);

export function isGenitive(tokens: readonly Token[], index: number): boolean {
  const norm = tokens[index]?.norm ?? "";
  if (norm.length < 3 || !norm.endsWith("s")) return false;
  if (POSSESSIVES.has(tokens[index - 1]?.norm ?? "")) return true;
  return !COMMON_S_WORDS.has(norm) && GENITIVE.test(norm);
}

export function isPersonNoun(norm: string): boolean {
  return PERSON_NOUN.test(norm);
}

/** The word that owns a car named at `start`: a genitive or a possessive before it, past at most two modifiers. */
export function ownerBefore(tokens: readonly Token[], start: number): "own" | "other" | undefined {
  let index = start - 1;
  for (let skipped = 0; skipped < MAX_MODIFIERS && MODIFIERS.has(tokens[index]?.norm ?? ""); skipped++) index--;
  const norm = tokens[index]?.norm ?? "";
  if (OTHERS_POSSESSIVES.has(norm) || isGenitive(tokens, index)) return "other";
  return POSSESSIVES.has(norm) ? "own" : undefined;
}

const IN_A_PLACE = new Set(["i", "på", "uppe", "nere", "borta", "ute", "in"]);

/** "brorsan i Kiruna", "svärföräldrarna uppe i Jokkmokk", "min systers stuga i Åre": a place someone else is in. */
export function placeOfAnother(tokens: readonly Token[], at: number): boolean {
  let index = at - 1;
  while (IN_A_PLACE.has(tokens[index]?.norm ?? "")) index--;
  if (index === at - 1) return false;
  const norm = tokens[index]?.norm ?? "";
  return isPersonNoun(norm) || isGenitive(tokens, index) || (isGenitive(tokens, index - 1) && /^stug/u.test(norm));
}

const FLIGHT = /^(flyg\p{L}*|flyger|flög|flight\p{L}*|fly|flies|flew)$/u;

/** "jobbar i Kiruna två veckor i månaden (flyger dit)": a place flown to is no place the car is driven in. */
export function flownTo(tokens: readonly Token[]): boolean {
  return tokens.some((token) => FLIGHT.test(token.norm));
}

const FLIGHT_WORDS = /(?<!\p{L})(?:flyg\p{L}*|flyger|flög|flights?|fly|flies|flew)(?!\p{L})/iu;

/** After a place, to the sentence's end, past brackets and commas: "jobbar i Kiruna två veckor i månaden (flyger dit)". */
export function flownToAfter(description: string, at: number): boolean {
  const ends = [".", "!", "?", "\n"].map((mark) => description.indexOf(mark, at)).filter((index) => index >= 0);
  return FLIGHT_WORDS.test(description.slice(at, ends.length > 0 ? Math.min(...ends) : description.length));
}
