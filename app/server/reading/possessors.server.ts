import type { Token } from "./tokenize.server";

/** Whose car, place or climate it is, by form ("svågerns Outback", "min frus XC40", "brorsan i Kiruna"): context, never a requirement. */

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
const GENITIVE = new RegExp(`^\\p{L}*(?:${stems([...PERSON_STEMS, ...EMPLOYER_STEMS])})${ENDINGS}s$`, "u");
const PERSON_NOUN = new RegExp(`^\\p{L}*(?:${stems(PERSON_STEMS)})${ENDINGS}$`, "u");

/** After a possessive any word in "-s" is a genitive ("min frus"). */
const POSSESSIVES = new Set(["min", "mitt", "mina", "din", "ditt", "dina", "hans", "hennes", "hens", "deras", "vår", "vårt", "våra", "sin", "sitt", "sina"]);
export const OTHERS_POSSESSIVES = new Set(["hans", "hennes", "deras", "hens", "sin", "sitt", "sina", "his", "her", "their"]);

// prettier-ignore
const MODIFIERS = new Set([
  "gamla", "nuvarande", "förra", "älskade", "trogna", "kära", "nya", "små", "lilla", "stora", "fina", "dyra", "billiga",
  "röda", "vita", "svarta", "grå", "blå", "snabba", "tunga", "rostiga", "jävla", "fula", "trötta", "två", "tre", "båda",
  "bägge", "old", "current", "new",
]);
const MAX_MODIFIERS = 2;

const COMMON_S_WORDS = new Set(["bens", "ens", "hos", "plus", "tips", "bus", "mars", "kurs", "pris", "fars", "mors"]);

function isGenitive(tokens: readonly Token[], index: number): boolean {
  const norm = tokens[index]?.norm ?? "";
  if (norm.length < 3 || !norm.endsWith("s")) return false;
  if (POSSESSIVES.has(tokens[index - 1]?.norm ?? "")) return true;
  return !COMMON_S_WORDS.has(norm) && GENITIVE.test(norm);
}

export function isPersonNoun(norm: string): boolean {
  return PERSON_NOUN.test(norm);
}

export function ownerBefore(tokens: readonly Token[], start: number): "own" | "other" | undefined {
  let index = start - 1;
  for (let skipped = 0; skipped < MAX_MODIFIERS && MODIFIERS.has(tokens[index]?.norm ?? ""); skipped++) index--;
  const norm = tokens[index]?.norm ?? "";
  if (OTHERS_POSSESSIVES.has(norm) || isGenitive(tokens, index)) return "other";
  return POSSESSIVES.has(norm) ? "own" : undefined;
}

const IN_A_PLACE = new Set(["i", "på", "uppe", "nere", "borta", "ute", "in"]);

export function placeOfAnother(tokens: readonly Token[], at: number): boolean {
  let index = at - 1;
  while (IN_A_PLACE.has(tokens[index]?.norm ?? "")) index--;
  if (index === at - 1) return false;
  const norm = tokens[index]?.norm ?? "";
  return isPersonNoun(norm) || isGenitive(tokens, index) || (isGenitive(tokens, index - 1) && /^stug/u.test(norm));
}

const FLIGHT = /^(flyg\p{L}*|flyger|flög|flight\p{L}*|fly|flies|flew)$/u;

export function flownTo(tokens: readonly Token[]): boolean {
  return tokens.some((token) => FLIGHT.test(token.norm));
}

const FLIGHT_WORDS = /(?<!\p{L})(?:flyg\p{L}*|flyger|flög|flights?|fly|flies|flew)(?!\p{L})/iu;

/** A flight after a place ("jobbar i Kiruna (flyger dit)"): not where the car is driven. */
export function flownToAfter(description: string, at: number): boolean {
  const ends = [".", "!", "?", "\n"].map((mark) => description.indexOf(mark, at)).filter((index) => index >= 0);
  return FLIGHT_WORDS.test(description.slice(at, ends.length > 0 ? Math.min(...ends) : description.length));
}
