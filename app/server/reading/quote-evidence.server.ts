import { MAKE_ORIGIN, MAKES } from "#app/lib/car-facts";
import type { ReadingField } from "#app/lib/requirements";
import { MAKE_VOCABULARY } from "./makes.server";
import { CAR_CONCEPTS, type Concept } from "./vocabulary.server";

// What a quote proves: whole words of the buyer's, which field they name (in the parser's vocabulary), whether they insist.

const TYPOGRAPHIC: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u2032": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2033": '"',
};

export function normaliseForQuote(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019\u201a\u2032\u201c\u201d\u201e\u00ab\u00bb\u2033]/gu, (char) => TYPOGRAPHIC[char] ?? char)
    .toLocaleLowerCase("sv")
    .replace(/\s+/gu, " ")
    .trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whole words only: "a" is no quote of "automat", nor "dag" of "dagar". */
export function quoteOccurs(quote: string, wish: string): boolean {
  const needle = normaliseForQuote(quote);
  if (needle.length === 0) return false;
  const haystack = normaliseForQuote(wish);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? " ";
    const after = haystack[at + needle.length] ?? " ";
    const opensWord = WORD_CHAR.test(needle[0] ?? "");
    const closesWord = WORD_CHAR.test(needle[needle.length - 1] ?? "");
    if ((!opensWord || !WORD_CHAR.test(before)) && (!closesWord || !WORD_CHAR.test(after))) return true;
  }
  return false;
}

const UNITS: Record<string, number> = {
  en: 1,
  ett: 1,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  sex: 6,
  sju: 7,
  åtta: 8,
  nio: 9,
  tio: 10,
  elva: 11,
  tolv: 12,
  tretton: 13,
  fjorton: 14,
  femton: 15,
  sexton: 16,
  sjutton: 17,
  arton: 18,
  nitton: 19,
  tjugo: 20,
  trettio: 30,
  fyrtio: 40,
  femtio: 50,
  sextio: 60,
  sjuttio: 70,
  åttio: 80,
  nittio: 90,
};
const UNIT_WORDS = Object.keys(UNITS).sort((a, b) => b.length - a.length);

/** "tvåhundrafemtio" → 250, "niohundratusen" → 900 000; undefined when the word is not a number. */
function numberWord(word: string): number | undefined {
  let rest = word;
  let total = 0;
  let group = 0;
  let seen = false;
  while (rest.length > 0) {
    if (rest.startsWith("hundra")) {
      group = (group || 1) * 100;
      rest = rest.slice(6);
    } else if (rest.startsWith("tusen")) {
      total += (group || 1) * 1000;
      group = 0;
      rest = rest.slice(5);
    } else {
      const unit = UNIT_WORDS.find((candidate) => rest.startsWith(candidate));
      if (unit === undefined) return undefined;
      group += UNITS[unit] ?? 0;
      rest = rest.slice(unit.length);
    }
    seen = true;
  }
  return seen ? total + group : undefined;
}

/** "1.500" is also 1500; number words count, since that is how people write ("sju säten", "tvåhundra hästar"). */
export function numbersIn(quote: string): number[] {
  const text = normaliseForQuote(quote);
  const values: number[] = [];
  for (const match of text.matchAll(/\d+(?:[ \u00a0\u202f]\d{3})*(?:[.,]\d+)?/gu)) {
    const grouped = match[0].replace(/[ \u00a0\u202f]/gu, "");
    values.push(Number(grouped.replace(",", ".")));
    if (/^\d{1,3}[.,]\d{3}$/u.test(grouped)) values.push(Number(grouped.replace(/[.,]/u, "")));
  }
  for (const word of text.split(/[^\p{L}]+/u)) {
    const value = word.length > 0 ? numberWord(word) : undefined;
    if (value !== undefined) values.push(value);
  }
  return values.filter((value) => Number.isFinite(value));
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
const wordsOf = (text: string) =>
  fold(normaliseForQuote(text))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function phraseIn(phrase: string, words: readonly string[]): boolean {
  const parts = fold(phrase.toLocaleLowerCase("sv"))
    .split(/[^\p{L}\p{N}*]+/u)
    .filter(Boolean);
  if (parts.length === 0) return false;
  const fits = (word: string | undefined, part: string) => word !== undefined && (part.endsWith("*") ? word.startsWith(part.slice(0, -1)) : word === part);
  return words.some((_, start) => parts.every((part, offset) => fits(words[start + offset], part)));
}

/** Stems that may sit anywhere in a word, for compounds ("sjusitsig", "dragvikten", "hästkrafter"). */
const stemIn = (stems: readonly string[], words: readonly string[]) => words.some((word) => stems.some((stem) => word.includes(fold(stem))));

const phrasesOf = (entries: readonly { phrases: readonly string[]; meaning: Concept }[], wanted: (meaning: Concept) => boolean) =>
  entries.filter((entry) => wanted(entry.meaning)).flatMap((entry) => entry.phrases);

const TOWING_PHRASES = phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "towing");
const AWD_PHRASES = phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "awd");
const THIRD_ROW_PHRASES = phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "thirdRow" || meaning.kind === "adultsBack");

// prettier-ignore
const MAKE_GROUPS: readonly { phrases: readonly string[]; makes: readonly string[] }[] = [
  { phrases: ["vag*", "volkswagenkoncern*", "vwkoncern*", "vw koncern*"], makes: ["Volkswagen", "Audi", "Skoda", "Seat", "Cupra", "Porsche"] },
  { phrases: ["stellantis*"], makes: ["Peugeot", "Citroen", "DS", "Opel", "Fiat", "Jeep", "Alfa Romeo", "Maserati"] },
  { phrases: ["geely*"], makes: ["Volvo", "Polestar", "Lynk & Co", "Zeekr"] },
  { phrases: ["hyundai kia", "kia hyundai"], makes: ["Hyundai", "Kia"] },
];
const ORIGIN_PEOPLE: Record<string, readonly string[]> = {
  tysk: ["tyskar*"],
  japansk: ["japaner*"],
  koreansk: ["koreaner*"],
  fransk: ["fransos*"],
  kinesisk: ["kines*"],
  italiensk: ["italienare*"],
  amerikansk: ["amerikanare*", "jänkar*"],
  svensk: ["svenskar*"],
};

const PHRASES = new Map<string, string[]>();
function valuePhrases(family: "fuel" | "body" | "make" | "gearbox", value: string): string[] {
  const known = PHRASES.get(`${family}:${value}`);
  if (known) return known;
  const phrases = phrasesFor(family, value);
  PHRASES.set(`${family}:${value}`, phrases);
  return phrases;
}

function phrasesFor(family: "fuel" | "body" | "make" | "gearbox", value: string): string[] {
  switch (family) {
    case "fuel":
      return [value, ...phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "fuel" && meaning.fuels.some((fuel) => fuel === value))];
    case "body":
      return [value, ...phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "body" && meaning.bodies.some((body) => body === value))];
    case "gearbox":
      return [value, ...phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "gearbox" && meaning.gearbox === value)];
    case "make": {
      const make = MAKES.find((candidate) => candidate === value);
      if (make === undefined) return [value];
      return [
        make.toLocaleLowerCase("sv"),
        ...MAKE_GROUPS.filter((group) => group.makes.includes(make)).flatMap((group) => group.phrases),
        ...(ORIGIN_PEOPLE[MAKE_ORIGIN[make]] ?? []),
        ...phrasesOf(
          MAKE_VOCABULARY,
          (meaning) =>
            (meaning.kind === "make" && meaning.makes.includes(make)) ||
            (meaning.kind === "model" && meaning.make === make) ||
            (meaning.kind === "origin" && MAKE_ORIGIN[make] === meaning.origin),
        ),
      ];
    }
  }
}

const FAMILY: Partial<Record<ReadingField, "fuel" | "body" | "make" | "gearbox">> = {
  bodyTypes: "body",
  preferredBodyTypes: "body",
  allowedFuels: "fuel",
  excludedFuels: "fuel",
  preferredFuels: "fuel",
  avoidedFuels: "fuel",
  requiredMakes: "make",
  excludedMakes: "make",
  preferredMakes: "make",
  avoidedMakes: "make",
  gearbox: "gearbox",
  preferredGearbox: "gearbox",
};

// prettier-ignore
const FIELD_STEMS: Partial<Record<ReadingField, readonly string[]>> = {
  minSeats: ["säte", "sits", "plats", "person", "pers", "seat", "passagerare", "stolar", "barnstol", "rader"],
  adultThirdRow: ["vuxen", "vuxna", "tredje", "third"],
  awd: ["fyrhjul", "allhjul", "4hjul", "4x4", "awd", "4wd", "quattro", "xdrive", "4matic", "4motion", "fyrhjuls"],
  minTowingKg: ["drag", "släp", "husvagn", "vagn", "trailer", "tow", "transport", "ekipage", "kärr", "kg", "kilo", "ton"],
  trailerTotalKg: ["drag", "släp", "husvagn", "vagn", "trailer", "tow", "transport", "ekipage", "kärr", "kg", "kilo", "ton"],
  minRangeKm: ["räck", "range", "mil", "km", "kilometer", "laddning"],
  minPowerHp: ["hk", "hkr", "häst", "hp", "kw", "effekt", "horsepower", "bhp", "ps"],
  minModelYear: ["år", "modell", "nyare", "gammal", "äldre", "tidigast", "årgång", "year", "old", "newer"],
  maxOdometerMil: ["mil", "km", "mätar", "körd", "gått", "rullat", "mileage", "odometer"],
};

/** Whether the words name this field (for a list, this value): "säten" for seats. A field without a word table counts as named. */
export function namesField(field: ReadingField, value: string | number | boolean, text: string): boolean {
  const words = wordsOf(text);
  const family = FAMILY[field];
  if (family) return valuePhrases(family, String(value)).some((phrase) => phraseIn(phrase, words));
  if (field === "awd") return AWD_PHRASES.some((phrase) => phraseIn(phrase, words)) || stemIn(FIELD_STEMS.awd ?? [], words);
  if (field === "adultThirdRow") return THIRD_ROW_PHRASES.some((phrase) => phraseIn(phrase, words)) || stemIn(FIELD_STEMS.adultThirdRow ?? [], words);
  if (field === "minTowingKg" || field === "trailerTotalKg")
    return TOWING_PHRASES.some((phrase) => phraseIn(phrase, words)) || stemIn(FIELD_STEMS[field] ?? [], words);
  if (field === "minModelYear" && numbersIn(text).some((number) => number >= 1950 && number <= 2100)) return true;
  const stems = FIELD_STEMS[field];
  if (!stems) return true;
  const short = stems.filter((stem) => stem.length <= 3);
  return (
    stemIn(
      stems.filter((stem) => stem.length > 3),
      words,
    ) || words.some((word) => short.some((stem) => word === fold(stem) || word.startsWith(fold(stem))))
  );
}

function ownPhrases(family: "fuel" | "body" | "make" | "gearbox", value: string): string[] {
  switch (family) {
    case "fuel":
      return [value, ...phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "fuel" && meaning.fuels.length === 1 && meaning.fuels[0] === value)];
    case "body":
      return [value, ...phrasesOf(CAR_CONCEPTS, (meaning) => meaning.kind === "body" && meaning.bodies.length === 1 && meaning.bodies[0] === value)];
    case "make":
      return [
        value.toLocaleLowerCase("sv"),
        ...phrasesOf(
          MAKE_VOCABULARY,
          (meaning) =>
            (meaning.kind === "make" && meaning.group !== true && meaning.makes.length === 1 && meaning.makes[0] === value) ||
            (meaning.kind === "model" && meaning.make === value),
        ),
      ];
    case "gearbox":
      return valuePhrases(family, value);
  }
}

/** The words name this value by its own name (a make or model, "laddhybrid"), not by a group or origin ("tyskt", "hybrid"). */
export function namesValueItself(field: ReadingField, value: string, text: string): boolean {
  const family = FAMILY[field];
  if (!family) return true;
  const words = wordsOf(text);
  return ownPhrases(family, value).some((phrase) => phraseIn(phrase, words));
}

const NOT_A_MUST = /\b(inget|inte|ej|inte ett|inte något) (krav|måste)\b|\bmåste (inte|ej)\b|\binte (måste|nödvändigt|ett krav)\b|\bbehöver inte\b/u;
const MUST =
  /(^|[^\p{L}])(måste|krav\p{L}*|kräv\p{L}*|absolut\p{L}*|aldrig|vägra\p{L}*|under inga omständigheter|på inga villkor|must|never|required)(?![\p{L}])/u;
const ACRONYMS = new Set(["PHEV", "ISOFIX", "XDRIVE", "QUATTRO", "AUTO", ...MAKES.map((make) => make.toLocaleUpperCase("sv"))]);

/** The buyer insists: "måste", "ett krav", "absolut", "aldrig", or a word in capitals ("INGEN diesel"); not "inget krav". */
export function insists(quote: string): boolean {
  const text = normaliseForQuote(quote);
  if (NOT_A_MUST.test(text)) return false;
  if (MUST.test(text)) return true;
  return (quote.match(/[\p{L}\p{N}]+/gu) ?? []).some(
    (word) => word.length >= 4 && /\p{L}/u.test(word) && word === word.toLocaleUpperCase("sv") && !ACRONYMS.has(word) && !/\d/u.test(word),
  );
}
