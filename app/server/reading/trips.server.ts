import type { Period } from "./draft.server";
import type { Token } from "./tokenize.server";

/** How buyers say how often; "mil/år" arrives as "mil" "år". */
// prettier-ignore
const PERIOD_PHRASES: Record<Period, readonly string[]> = {
  day: [
    "om dagen", "per dag", "varje dag", "om dan", "dagligen", "per dygn", "a day", "per day", "every day", "daily",
    "varje kväll", "per kväll", "om kvällen", "varje morgon", "varje arbetsdag", "per arbetsdag", "om arbetsdagen",
    "varje vardag", "per vardag", "på vardagarna", "om vardagarna", "varje jobbdag", "per jobbdag",
    "dag", "day",
  ],
  week: ["i veckan", "per vecka", "varje vecka", "a week", "per week", "weekly", "vecka", "week"],
  month: ["i månaden", "per månad", "varje månad", "a month", "per month", "monthly", "månad", "month"],
  year: [
    "om året", "per år", "varje år", "om åre", "i året", "årligen", "på ett år", "a year", "per year", "every year",
    "yearly", "annually", "år", "year",
  ],
};
const PERIODS = (Object.entries(PERIOD_PHRASES) as [Period, readonly string[]][]).flatMap(([period, phrases]) =>
  phrases.map((phrase) => ({ words: phrase.split(" "), period })),
);
// prettier-ignore
const PERIOD_FILLERS = new Set([
  "ungefär", "cirka", "ca", "typ", "totalt", "sammanlagt", "about", "roughly", "in", "total",
]);
function phraseAt(tokens: readonly Token[], index: number, words: readonly string[]): boolean {
  return words.every((word, offset) => tokens[index + offset]?.norm === word);
}

export function hasPhrase(tokens: readonly Token[], phrases: readonly (readonly string[])[]): boolean {
  return tokens.some((_, index) => phrases.some((words) => phraseAt(tokens, index, words)));
}

export function periodAfter(tokens: readonly Token[], from: number): Period | undefined {
  const at = PERIOD_FILLERS.has(tokens[from]?.norm ?? "") ? from + 1 : from;
  return PERIODS.find((phrase) => phraseAt(tokens, at, phrase.words))?.period;
}

/** How often a trip is made in a year, as Swedes say it; a working week has 46 weeks a year. */
const FREQUENCIES: readonly [RegExp, (count: number) => number][] = [
  [/\bvarannan (?:helg|vecka)\b/u, () => 26],
  [/\b(?:varje|var|en gång i|1 gång i) (?:helg|vecka|veckan)\b/u, () => 52],
  [/\b(\d|två|tre|fyra|fem|sex) (?:dagar|dar|ggr|gånger) (?:i|per|om|\/) ?(?:veckan|vecka|v)\b/u, (count) => count * 46],
  [/\b(?:ett par|par|två|2) (?:gånger|ggr) (?:i|per|om) (?:månaden|månad)\b/u, () => 24],
  [/\b(?:några|tre|3) (?:gånger|ggr) (?:i|per|om) (?:månaden|månad)\b/u, () => 36],
  [/\b(?:varje|en gång i|1 gång i|en gång per) (?:månad|månaden)\b/u, () => 12],
];
const COUNTS: Readonly<Record<string, number>> = { två: 2, tre: 3, fyra: 4, fem: 5, sex: 6 };

export function tripsPerYear(sentence: string): number | undefined {
  for (const [pattern, perYear] of FREQUENCIES) {
    const found = sentence.match(pattern);
    if (found !== null) return perYear(Number(found[1]) || COUNTS[found[1] ?? ""] || 1);
  }
  return undefined;
}

export function sentenceAround(text: string, at: number): string {
  const start = Math.max(...[".", "!", "?", "\n"].map((mark) => text.lastIndexOf(mark, at - 1))) + 1;
  const ends = [".", "!", "?", "\n"].map((mark) => text.indexOf(mark, at)).filter((index) => index >= 0);
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length).toLowerCase();
}
