import type { Token } from "./tokenize.server";

type Unit =
  | "kg"
  | "ton"
  | "mil"
  | "km"
  | "miles"
  | "hp"
  | "kw"
  | "kwh"
  | "seats"
  | "people"
  | "adults"
  | "kids"
  | "years"
  | "sek"
  /** Animals ("hästsläp med två hästar"): few of them, never horsepower. */
  | "horses";

export interface Quantity {
  value: number;
  low: number;
  high: number;
  unit: Unit | null;
  index: number;
  end: number;
  glued: boolean;
  personAge: boolean;
  spelled: boolean;
}

// prettier-ignore
const UNITS: ReadonlyMap<string, Unit> = new Map<string, Unit>([
  ...(["kg", "kilo", "kilon", "kilogram"] as const).map((word) => [word, "kg"] as const),
  ...(["ton", "tons", "tonnes", "tonne"] as const).map((word) => [word, "ton"] as const),
  ...(["mil", "mils"] as const).map((word) => [word, "mil"] as const),
  ...(["km", "kilometer", "kilometers", "kilometres", "kilometre"] as const).map((word) => [word, "km"] as const),
  ...(["miles", "mile"] as const).map((word) => [word, "miles"] as const),
  ...([
    "hk", "hkr", "hästkrafter", "hästkraft", "hästar", "hp", "bhp", "horsepower",
  ] as const).map((word) => [word, "hp"] as const),
  ["kw", "kw"],
  ["kwh", "kwh"],
  ...([
    "platser", "plats", "sittplatser", "sittplats", "säten", "säte", "sits", "sitsar", "stolar", "seats", "seat",
    "seater",
  ] as const).map(
    (word) => [word, "seats"] as const,
  ),
  ...([
    "personer", "pers", "people", "persons", "passagerare", "passengers",
  ] as const).map((word) => [word, "people"] as const),
  ...(["år", "års", "year", "years", "yrs"] as const).map((word) => [word, "years"] as const),
  ...(["vuxna", "adults"] as const).map((word) => [word, "adults"] as const),
  ...(["barn", "ungar", "kids", "children", "småbarn"] as const).map((word) => [word, "kids"] as const),
  ...(["kr", "kronor", "sek", "kkr"] as const).map((word) => [word, "sek"] as const),
]);

// prettier-ignore
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  en: 1, ett: 1, one: 1, två: 2, two: 2, tre: 3, three: 3, fyra: 4, four: 4, fem: 5, five: 5, sex: 6, six: 6,
  sju: 7, seven: 7, åtta: 8, eight: 8, nio: 9, nine: 9, tio: 10, ten: 10, elva: 11, eleven: 11, tolv: 12, twelve: 12,
  femton: 15, fifteen: 15, tjugo: 20, twenty: 20, trettio: 30, thirty: 30, fyrtio: 40, forty: 40, femtio: 50, fifty: 50,
  hundra: 100, hundred: 100, tusen: 1000, thousand: 1000,
  tretton: 13, thirteen: 13, fjorton: 14, fourteen: 14, sexton: 16, sixteen: 16, sjutton: 17, seventeen: 17,
  arton: 18, eighteen: 18, nitton: 19, nineteen: 19,
  ...compounds({ tjugo: 20, trettio: 30 }, {
    en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9,
  }),
  // "twenty-three" arrives as "twentythree" (hyphens are dropped).
  ...compounds({ twenty: 20, thirty: 30 }, {
    one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  }),
};

/**
 * A Swedish number written as one word, by its grammar rather than a list: "tvåhundrafemtio",
 * "tjugohundraarton" (2018), "sjuttiotvå", "niohundratusen", "en och en halv" is read elsewhere.
 * Returns undefined unless the whole word is a number.
 */
// prettier-ignore
const UNITS_SV: Readonly<Record<string, number>> = {
  en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9, tio: 10, elva: 11, tolv: 12,
  tretton: 13, fjorton: 14, femton: 15, sexton: 16, sjutton: 17, arton: 18, nitton: 19,
};
// prettier-ignore
const TENS_SV: Readonly<Record<string, number>> = {
  tjugo: 20, trettio: 30, trätti: 30, fyrtio: 40, förti: 40, fyrti: 40, femtio: 50, femti: 50, sextio: 60, sexti: 60,
  sjuttio: 70, sjutti: 70, åttio: 80, åtti: 80, nittio: 90, nitti: 90,
};
const BELOW_HUNDRED = new RegExp(
  `^(?:(${Object.keys(TENS_SV).join("|")})(${Object.keys(UNITS_SV)
    .filter((word) => (UNITS_SV[word] ?? 10) < 10)
    .join("|")})?|(${Object.keys(UNITS_SV).join("|")}))$`,
  "u",
);
function belowHundred(word: string): number | undefined {
  if (word === "") return 0;
  const match = word.match(BELOW_HUNDRED);
  if (match === null) return undefined;
  if (match[3] !== undefined) return UNITS_SV[match[3]];
  return (TENS_SV[match[1] ?? ""] ?? 0) + (match[2] === undefined ? 0 : (UNITS_SV[match[2]] ?? 0));
}
function belowThousand(word: string): number | undefined {
  const at = word.indexOf("hundra");
  if (at < 0) return belowHundred(word);
  const head = word.slice(0, at);
  const hundreds = head === "" ? 1 : belowHundred(head);
  const rest = belowHundred(word.slice(at + "hundra".length));
  return hundreds === undefined || rest === undefined || hundreds === 0 ? undefined : hundreds * 100 + rest;
}
/** "tjugotjugo", "tjugotjugotre": a year said as two pairs (2020, 2023); "tjugotre" stays 23. */
function yearInPairs(word: string): number | undefined {
  if (!word.startsWith("tjugo")) return undefined;
  const rest = belowHundred(word.slice("tjugo".length));
  return rest !== undefined && rest >= 10 ? 2000 + rest : undefined;
}

function swedishNumber(word: string): number | undefined {
  if (word.length < 3) return undefined;
  const at = word.indexOf("tusen");
  if (at < 0) return belowThousand(word) ?? yearInPairs(word);
  const head = word.slice(0, at);
  const thousands = head === "" ? 1 : belowThousand(head);
  const rest = belowThousand(word.slice(at + "tusen".length));
  return thousands === undefined || rest === undefined ? undefined : thousands * 1000 + rest;
}

function compounds(tens: Record<string, number>, ones: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(tens).flatMap(([ten, tenValue]) => Object.entries(ones).map(([one, oneValue]) => [`${ten}${one}`, tenValue + oneValue])),
  );
}
const AFTER_YEARS = new Set(["gammal", "gamla", "gammalt", "sedan", "old", "ago"]);
/** "en Volvo", "ett par": an article unless a unit follows ("en mil", "ett ton"). */
const ARTICLE_NUMBERS = new Set(["en", "ett", "one"]);
/** "sex" is Swedish six, but too often something else unless a unit follows. */
const UNIT_ONLY_NUMBERS = new Set([...ARTICLE_NUMBERS, "sex"]);
const HORSE_WORDS = new Set(["hästar", "häst", "hästen", "hästarna"]);
const MIN_HORSEPOWER = 30;

const SPELLED = Object.keys(NUMBER_WORDS).join("|");
const GLUED_UNIT = /^(\d+(?:[.,]\d+)?)(hk|hp|bhp|kg|km|mil|mils|ton|kw|kwh|kr|år)$/u;
const SEAT_SUFFIXES = "sits|sitsig|sitsiga|sitsigt|sitsar|sitsare|sitser|platsig|platsiga|platsigt|platsare|platser|seater|seaters|seats";
const GLUED_SEATS = new RegExp(`^(\\d+|${SPELLED})(${SEAT_SUFFIXES})$`, "u");
const AGE_NOUN = /^(\d+)(åring|åringen|åringar|åriga|årig|årigt|yearold|yearolds)$/u;

export function readQuantities(tokens: readonly Token[]): Quantity[] {
  const quantities: Quantity[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) continue;
    const glued = readGlued(token, i);
    if (glued !== undefined) {
      quantities.push(glued);
      continue;
    }
    const spelled = token.number === undefined;
    const word = NUMBER_WORDS[token.norm] ?? swedishNumber(token.norm);
    const base = token.number ?? (word === undefined ? undefined : { value: word, low: word, high: word });
    if (base === undefined) continue;
    let { value, low, high } = base;
    let end = i;
    // "en och en halv ton", "två och ett halvt år": a half on top of the whole.
    const half = tokens[i + 1]?.norm === "och" && ["en", "ett"].includes(tokens[i + 2]?.norm ?? "");
    if (half && /^halv/u.test(tokens[i + 3]?.norm ?? "")) {
      [value, low, high] = [value + 0.5, low + 0.5, high + 0.5];
      end = i + 3;
    }
    const next = tokens[end + 1];
    if (next !== undefined && (next.norm === "tusen" || next.norm === "thousand") && value < 1000) {
      [value, low, high] = [value * 1000, low * 1000, high * 1000];
      end += 1;
    }
    const unitWord = tokens[end + 1]?.norm ?? "";
    // "två hästar": animals; no car has under 30 hp, and a buyer writes "hk" for less.
    const animals = HORSE_WORDS.has(unitWord) && value < MIN_HORSEPOWER;
    const unit = animals ? "horses" : (UNITS.get(unitWord) ?? null);
    if (unit === null && spelled && UNIT_ONLY_NUMBERS.has(token.norm)) continue;
    if (unit !== null) end += 1;
    if (unit === "years" && AFTER_YEARS.has(tokens[end + 1]?.norm ?? "")) end += 1;
    quantities.push({ value, low, high, unit, index: i, end, glued: false, personAge: false, spelled });
    i = end;
  }
  return quantities;
}

function readGlued(token: Token, index: number): Quantity | undefined {
  const single = (value: number, unit: Unit, personAge = false): Quantity => ({
    value,
    low: value,
    high: value,
    unit,
    index,
    end: index,
    glued: true,
    personAge,
    spelled: false,
  });
  const unit = token.norm.match(GLUED_UNIT);
  if (unit?.[1] !== undefined && unit[2] !== undefined) {
    const kind = UNITS.get(unit[2]);
    if (kind !== undefined) return single(Number(unit[1].replace(",", ".")), kind);
  }
  const seats = token.norm.match(GLUED_SEATS);
  if (seats?.[1] !== undefined) {
    const value = /^\d+$/.test(seats[1]) ? Number(seats[1]) : NUMBER_WORDS[seats[1]];
    if (value !== undefined) return single(value, "seats");
  }
  const age = token.norm.match(AGE_NOUN);
  if (age?.[1] !== undefined) return single(Number(age[1]), "years", true);
  return undefined;
}

/** The lower end: "1,5-2 ton" asks for at least 1 500 kg. */
export function toKg(quantity: Quantity): number {
  return Math.round(quantity.unit === "ton" ? quantity.low * 1000 : quantity.low);
}

export function toKm(quantity: Quantity, end: "low" | "value" | "high" = "value"): number {
  const value = quantity[end];
  if (quantity.unit === "mil") return value * 10;
  if (quantity.unit === "miles") return value * 1.609;
  return value;
}
