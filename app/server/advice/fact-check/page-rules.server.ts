import type { CardFacts } from "./card-facts.server";

// Sentences the page itself contradicts: faults of other years, a price, mileage, seats or litres the card gives otherwise, a bare name.

type Finding = { rule: PageRuleName; why: string; rewrite?: string };
type PageRule = (sentence: string, facts: CardFacts) => Finding | null;
export const PAGE_RULES = ["early-fault", "price-claim", "usage-claim", "seat-claim", "name-only"] as const;
export type PageRuleName = (typeof PAGE_RULES)[number];

const word = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})(?![\\p{L}\\p{N}])`, "iu");
const toNumber = (text: string) => Number(text.replace(/[\s\u00a0\u202f]/gu, ""));

const EARLY = word("tidiga|tidigaste");
const COMPARED = word("än|jämfört|till skillnad");
const EARLY_COMPARED = /(?<![\p{L}])(än|jämfört med|till skillnad från|mot)\s+(de\s+|den\s+)?tidiga/iu;
const MENDED_LATER = /(?<![\p{L}])(rättar|rättat|rättade|åtgärd\p{L}*|senare|nyare)(?![\p{L}])/iu;
const YEAR = /\b(19[89]\d|20[0-3]\d)\b/;
/** "Tidiga" cars are a generation's first three model years, the span in which makers mend what the first cars got wrong. */
const EARLY_YEARS = 3;

const earlyFaultRule: PageRule = (sentence, facts) => {
  if (!EARLY.test(sentence) || EARLY_COMPARED.test(sentence) || MENDED_LATER.test(sentence) || YEAR.test(sentence)) return null;
  const lastEarly = facts.generationFrom + EARLY_YEARS - 1;
  return facts.yearFrom > lastEarly
    ? { rule: "early-fault", why: `gäller tidiga bilar (${facts.generationFrom}–${lastEarly}), kortet gäller ${facts.yearFrom}–${facts.yearTo}` }
    : null;
};

const BUY_PRICE =
  /(?<![\p{L}])(från|för|under)\s+(?:runt\s+|cirka\s+|omkring\s+|ungefär\s+|bara\s+|under\s+)?(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)\s*(kr|kronor)(?![\p{L}])/iu;
const NOT_PURCHASE =
  /(?<![\p{L}])(månad\p{L}*|per|om året|skatt\p{L}*|försäkr\p{L}*|service\p{L}*|mer|mindre|dyrare|billigare|reparation\p{L}*|byte\p{L}*|kostar det|laddning\p{L}*)(?![\p{L}])/iu;

const priceClaimRule: PageRule = (sentence, facts) => {
  const match = BUY_PRICE.exec(sentence);
  if (!match || NOT_PURCHASE.test(sentence) || facts.priceTo <= 0) return null;
  const value = toNumber(match[2]!);
  // "runt 40 000" may sit a little outside the window, and "under 40 000 kr" is a bound, true of any window starting below it.
  const bound = match[1]!.toLowerCase() === "under";
  if (value >= facts.priceFrom * (bound ? 1 : 0.8) && (bound || value <= facts.priceTo * 1.1)) return null;
  return { rule: "price-claim", why: `pris ${value} kr, kortets prisintervall ${facts.priceFrom}–${facts.priceTo} kr` };
};

const LOW_USE = /(?<![\p{L}])(kör(?:\s+\p{L}+)?\s+(?:lite|få mil|kort\p{L}*)|korta sträckor)(?![\p{L}])/iu;
const HIGH_USE = /(?<![\p{L}])(kör(?:\s+\p{L}+)?\s+(?:mycket|långt|många mil)|långa sträckor)(?![\p{L}])/iu;
/** Trafikanalys: a car in Sweden is driven about 1 200 mil a year; well above that is not "lite", well under not "långt". */
const LOW_USE_MAX = 2_000;
const HIGH_USE_MIN = 1_000;

const usageClaimRule: PageRule = (sentence, facts) => {
  if (!/(?<![\p{L}])(passar|för|perfekt|lämpar)(?![\p{L}])/iu.test(sentence)) return null;
  if (LOW_USE.test(sentence) && facts.milPerYear > LOW_USE_MAX)
    return { rule: "usage-claim", why: `"kör lite", men kortet räknar med ${facts.milPerYear} mil om året` };
  if (HIGH_USE.test(sentence) && facts.milPerYear < HIGH_USE_MIN)
    return { rule: "usage-claim", why: `"kör mycket", men kortet räknar med ${facts.milPerYear} mil om året` };
  return null;
};

const SEAT_WORDS: Record<string, number> = { fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9 };
const SEATS = /(?<![\p{L}])(?<!minst\s)(fem|sex|sju|åtta|nio|\d)\s+(säten|platser|sittplatser)(?![\p{L}])/iu;
// Jump seats in the boot are for older children: never a place for a rear-facing seat, which needs a car seat's own belt and airbag rules.
const BOOT_CHILD_SEAT = /(?<![\p{L}])(?:bakåtvända\s+)?barnstol(?:ar|arna)?\s+i\s+bagageutrymmet(?![\p{L}])/iu;
const LITRES = /(\d{1,3}(?:[ \u00a0\u202f]\d{3})*|\d+)\s*liter(?![\p{L}])(?!\s*(?:per|\/)\s*mil)/iu;
const BOOT = /(?<![\p{L}])(bagage\p{L}*|lastutrymme\p{L}*|barnvagn\p{L}*)(?![\p{L}])/iu;
const WITH_CHILDREN = /(?<![\p{L}])(barn\p{L}*|barnvagn\p{L}*|familj\p{L}*)(?![\p{L}])/iu;
const ROW_SAID = /(?<![\p{L}])(fälld\p{L}*|nedfälld\p{L}*|fem säten|sju säten uppe)(?![\p{L}])/iu;

const seatClaimRule: PageRule = (sentence, facts) => {
  const v = facts.variant;
  if (BOOT_CHILD_SEAT.test(sentence)) return { rule: "seat-claim", why: "extrasätena i bagageutrymmet beskrivs som platser för barnstolar" };
  const seats = SEATS.exec(sentence);
  const row = v.thirdRow;
  if (seats && !COMPARED.test(sentence) && !LITRES.test(sentence)) {
    const said = SEAT_WORDS[seats[1]!.toLowerCase()] ?? Number(seats[1]);
    const fixedRow = row !== undefined && !row.optional;
    // "med fem säten" on a car whose third row is standard contradicts the fact box; an optional row leaves five true.
    if (said < v.seats && fixedRow && said === v.seats - row.seats)
      return { rule: "seat-claim", why: `${said} säten, fakta ${v.seats} (tredje raden standard)` };
  }
  if (row && (facts.hard.minSeats ?? 0) > 5 && LITRES.test(sentence) && BOOT.test(sentence) && WITH_CHILDREN.test(sentence) && !ROW_SAID.test(sentence))
    return { rule: "seat-claim", why: "bagagelitrar med tredje raden fälld för en köpare som behöver den" };
  return null;
};

const nameOnlyRule: PageRule = (sentence, facts) => {
  const names = [...facts.names, facts.variant.make].filter((name) => name.length > 0).sort((a, b) => b.length - a.length);
  const rest = names.reduce((text, name) => text.replaceAll(name, " "), sentence).replace(/[\s.,:;!–-]+/gu, "");
  return rest.length === 0 ? { rule: "name-only", why: "meningen säger bara bilens namn" } : null;
};

export const PAGE_RULE_FUNCTIONS: Record<PageRuleName, PageRule> = {
  "early-fault": earlyFaultRule,
  "price-claim": priceClaimRule,
  "usage-claim": usageClaimRule,
  "seat-claim": seatClaimRule,
  "name-only": nameOnlyRule,
};

/** When the card's years leave out faults of the generation's early cars, the deep dive says so, with the years they concern. */
export function earlyFaultsNote(faults: readonly string[], facts: CardFacts): string | null {
  const left = faults.filter((fault) => earlyFaultRule(fault, facts) !== null).length;
  if (left === 0) return null;
  const lastEarly = facts.generationFrom + EARLY_YEARS - 1;
  const years = facts.yearFrom === facts.yearTo ? `${facts.yearFrom}` : `${facts.yearFrom}–${facts.yearTo}`;
  const what = left === 1 ? "Den kända svagheten" : "De kända svagheterna";
  return `${what} hos tidiga ${facts.variant.model} (${facts.generationFrom}–${lastEarly}) gäller inte årsmodell ${years}.`;
}
