// Which model years a sentence is about (a dated test, tax or registration names none), so one about other years stays off a card.

const YEAR_SPAN =
  /(?<![\p{N}])(19[89]\d|20[0-3]\d)\s*[–-]\s*(19[89]\d|20[0-3]\d)(?![\p{N}])|(?<![\p{L}])(från|före|fram till|till och med|till|sedan|efter)\s+(?:\p{L}+\s+){0,2}?(19[89]\d|20[0-3]\d)(?![\p{N}])/giu;
const DATED_EVENT = /(?<![\p{L}])(Euro NCAP|krocktest\p{L}*|TÜV\p{L}*|besiktning\p{L}*|registrera\p{L}*|skatt\p{L}*|malus|regler\p{L}*|lag\p{L}*)(?![\p{L}])/iu;

function statedYearSpans(sentence: string): [number, number][] {
  if (DATED_EVENT.test(sentence)) return [];
  return [...sentence.matchAll(YEAR_SPAN)].map((match): [number, number] => {
    if (match[1]) return [Number(match[1]), Number(match[2])];
    const year = Number(match[4]);
    const word = match[3]!.toLowerCase();
    if (word === "före") return [0, year - 1];
    if (word === "efter") return [year + 1, 9999];
    return word === "från" || word === "sedan" ? [year, 9999] : [0, year];
  });
}

/** Why a sentence about other model years ("Bilar från 2020–2021 ingick …") says nothing about the card's, or null. */
export function otherYears(sentence: string, yearFrom: number, yearTo: number): string | null {
  const spans = statedYearSpans(sentence);
  if (spans.length === 0 || spans.some(([from, to]) => from <= yearTo && to >= yearFrom)) return null;
  return `gäller ${spans.map(([from, to]) => `${from || "…"}–${to === 9999 ? "" : to}`).join(", ")}, rekommenderat ${yearFrom}–${yearTo}`;
}
