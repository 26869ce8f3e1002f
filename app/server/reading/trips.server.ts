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
