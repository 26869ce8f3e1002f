// Which model years a catalogue sentence is about, so a sentence about other years stays off a card.

// Model years a sentence speaks of: "2020–2021", "från 2018", "från 2021 års modell", "före 2015", "till 2017".
const YEAR_SPAN =
  /(?<![\p{N}])(19[89]\d|20[0-3]\d)\s*[–-]\s*(19[89]\d|20[0-3]\d)(?![\p{N}])|(?<![\p{L}])(från|före|fram till|till och med|till|sedan|efter)\s+(?:\p{L}+\s+){0,2}?(19[89]\d|20[0-3]\d)(?![\p{N}])/giu;
// A crash test, a report, a tax rule or a registration is dated by when it happened, not by the model years it concerns.
const DATED_EVENT = /(?<![\p{L}])(Euro NCAP|krocktest\p{L}*|TÜV\p{L}*|besiktning\p{L}*|registrera\p{L}*|skatt\p{L}*|malus|regler\p{L}*|lag\p{L}*)(?![\p{L}])/iu;

/** The spans of model years a sentence is about, or none when it names no years (or dates an event). */
export function statedYearSpans(sentence: string): [number, number][] {
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
