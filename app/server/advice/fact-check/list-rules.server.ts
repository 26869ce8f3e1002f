import { upperMedian } from "#app/lib/statistics";
import type { Ratings } from "../candidates.server";
import type { CarTexts } from "../contracts.server";
import { sentences } from "../sentences.server";

// Rules over one result's cards: what a card leaves out, and what two cards say against each other.

export type ListCard = {
  name: string;
  texts: CarTexts;
  ratings: Ratings;
  maintenance?: number;
  insurance?: number;
  total?: number;
  ncapYear?: number;
  ncapStars?: number;
};
export type ListFinding = { rule: "weakest" | "list-contradiction" | "list-claims"; car: string; why: string; sentence?: string };

/** Under this a rating is a weakness the buyer must read about, whatever the other cars score. */
const WEAK_RATING = 65;

const word = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})(?![\\p{L}\\p{N}])`, "iu");

/** How a con names each rating: its word, or the fact it stands for. */
const NAMED: Record<keyof Ratings, RegExp> = {
  comfort: word("komfort\\p{L}*|stötig\\p{L}*|bullrig\\p{L}*|bekväm\\p{L}*"),
  performance: word("hk|kraft\\p{L}*|seg|trög|lugn|omkörning\\p{L}*|prestanda"),
  security: word("Euro NCAP|säkerhet\\p{L}*|stjärn\\p{L}*|krocktest\\p{L}*"),
  reliability: word("driftsäker\\p{L}*|pålitlig\\p{L}*|tillförlitlig\\p{L}*"),
  economy: word("kostar|kostnad\\p{L}*|ägandekostnad\\p{L}*|dyr\\p{L}*"),
};

const WARNED_UNDER = 75;
const WISH_RATINGS = ["reliability", "comfort", "security"] as const;
const MEETS_WISH = /(önskemål[^.]*(möter|uppfyller)|(möter|uppfyller)[^.]*önskemål|antog vi att du vill ha[^.]*och det (har|uppfyller))/iu;
const LOW_UPKEEP =
  /(?<![\p{L}])(låg|låga|billig|billiga)\s+(service|reparations|underhålls|verkstads)kostnad\p{L}*|billig att (serva|underhålla|reparera|laga)/iu;

const LOW_INSURANCE = /(?<![\p{L}])(låg|låga|lägre)\s+försäkrings\p{L}*|billig\p{L}*\s+(att\s+)?försäkr\p{L}*/iu;
const LOW_OWNING = /(?<![\p{L}])(låg|låga)\s+ägandekostnad\p{L}*|billig\p{L}* att äga/iu;

export type CostClaimField = "maintenance" | "insurance" | "total";
export const COST_CLAIMS: [RegExp, CostClaimField, string][] = [
  [LOW_UPKEEP, "maintenance", "låga servicekostnader"],
  [LOW_INSURANCE, "insurance", "låg försäkring"],
  [LOW_OWNING, "total", "låg ägandekostnad"],
];

export const namesRating = (key: keyof Ratings, text: string) => NAMED[key].test(text);

/** The car's lowest rating, when it is under 65 or the lowest of that rating in the list. */
export function weakestToName(card: Pick<ListCard, "ratings">, others: readonly Pick<ListCard, "ratings">[]): keyof Ratings | null {
  const keys = Object.keys(card.ratings) as (keyof Ratings)[];
  const lowest = keys.reduce((a, b) => (card.ratings[b] < card.ratings[a] ? b : a));
  const value = card.ratings[lowest];
  const lowestInList = others.length >= 2 && others.every((other) => other.ratings[lowest] > value);
  return value < WEAK_RATING || lowestInList ? lowest : null;
}

const FEATURES: Record<string, string> = {
  fyrhjulsdrift: "fyrhjulsdri\\p{L}*|allhjulsdri\\p{L}*|4x4|awd|4wd",
  automatlåda: "automat\\p{L}*",
  turbo: "turbo\\p{L}*",
  pekskärm: "pekskärm\\p{L}*",
  "tredje sätesrad": "tredje (?:sätes)?rad\\p{L}*|sju säten",
};
// Praise for lacking it: "slipper fyrhjulsdriftens vikt", "utan fyrhjulsdrift" (a price "lägre än AWD-i" compares siblings).
const lacks = (feature: string) => new RegExp(`(?<![\\p{L}])(slipper|utan|ingen|inte|saknar)\\s+(\\p{L}+\\s+){0,2}(${feature})(?![\\p{L}])`, "iu");
const RULES = Object.entries(FEATURES).map(([name, feature]) => ({ name, has: word(feature), lacks: lacks(feature) }));

const figureOf = (value: number) => new RegExp(`(?<![\\p{N}])${value} av 100`, "u");
const MONTHLY = /\d kr i månaden/u;
const SAID_CHEAPER = /billigare|billigast/iu;

const TRAILS_SEVERAL = /efter flera av förslagen i driftsäkerhet/iu;
const NEWEST_NCAP = /nyast Euro NCAP/iu;
const OLDER_NCAP = /äldre test än (flera|de flesta)/iu;

function allSentences(texts: CarTexts): string[] {
  return [texts.tagline, texts.whyItFits, texts.deepDive, texts.commonFlaws, ...texts.pros, ...texts.cons].flatMap(sentences);
}

function praise(texts: CarTexts): string[] {
  return [texts.tagline, texts.whyItFits, ...texts.pros].flatMap(sentences);
}

export function checkList(cards: readonly ListCard[]): ListFinding[] {
  const findings: ListFinding[] = [];
  cards.forEach((card, index) => {
    const others = cards.filter((_, other) => other !== index);
    const weak = weakestToName(card, others);
    if (weak && !card.texts.cons.some((con) => namesRating(weak, con))) {
      findings.push({ rule: "weakest", car: card.name, why: `${weak} ${card.ratings[weak]} nämns inte bland nackdelarna` });
    }
    // The same figure as a met wish and as a warning: "uppfyller ditt önskemål om pålitlighet (66 av 100)" beside "… får 66 av 100".
    for (const key of WISH_RATINGS) {
      const figure = new RegExp(`(?<![\\p{N}])${card.ratings[key]} av 100`, "u");
      const met = sentences(card.texts.whyItFits).find((sentence) => MEETS_WISH.test(sentence) && namesRating(key, sentence));
      const warned = card.texts.cons.some((con) => namesRating(key, con) && ((figure.test(con) && card.ratings[key] < WARNED_UNDER) || key === weak));
      if (met && warned)
        findings.push({ rule: "weakest", car: card.name, why: `${key} ${card.ratings[key]} sägs möta ett önskemål och varnas för`, sentence: met });
    }
  });
  // The same figure a met wish on one card and a warning on another: one verdict per figure in one list.
  for (const key of WISH_RATINGS) {
    const warned = cards.map(
      (card) =>
        card.ratings[key] < WARNED_UNDER &&
        card.texts.cons.some((con) => namesRating(key, con) && new RegExp(`(?<![\\p{N}])${card.ratings[key]} av 100`, "u").test(con)),
    );
    cards.forEach((card, index) => {
      const met = sentences(card.texts.whyItFits).find((sentence) => MEETS_WISH.test(sentence) && namesRating(key, sentence));
      const against = cards.find((other, at) => at !== index && warned[at] && other.ratings[key] >= card.ratings[key]);
      if (met && against)
        findings.push({
          rule: "list-contradiction",
          car: card.name,
          why: `${key} ${card.ratings[key]} uppfyller ett önskemål, men ${against.name} varnas vid ${against.ratings[key]}`,
          sentence: met,
        });
    });
  }
  for (const [claim, field, what] of COST_CLAIMS)
    cards.forEach((card, index) => {
      const own = card[field];
      const figures = cards.flatMap((other, at) => (at === index || other[field] === undefined ? [] : [other[field]]));
      if (own === undefined || figures.length < 2) return;
      const median = upperMedian(figures)!;
      const said = praise(card.texts).find((sentence) => claim.test(sentence));
      if (said && own >= median)
        findings.push({
          rule: "list-claims",
          car: card.name,
          why: `${what}, men ${own} kr om året är inte under de andras median ${median} kr`,
          sentence: said,
        });
    });
  for (const card of cards)
    for (const key of Object.keys(card.ratings) as (keyof Ratings)[]) {
      const figure = new RegExp(`(?<![\\p{N}])${card.ratings[key]} av 100`, "u");
      const pro = card.texts.pros.find((text) => namesRating(key, text) && figure.test(text));
      if (pro && card.texts.cons.some((con) => namesRating(key, con) && figure.test(con)))
        findings.push({ rule: "list-contradiction", car: card.name, why: `${key} ${card.ratings[key]} står både som fördel och nackdel`, sentence: pro });
    }
  // One verdict per figure and per cost across the list: no praise on one card beside a warning at the same or higher value on another.
  for (const key of Object.keys(NAMED) as (keyof Ratings)[])
    cards.forEach((card) => {
      const pro = card.texts.pros.find((text) => namesRating(key, text) && figureOf(card.ratings[key]).test(text));
      const against =
        pro &&
        cards.find(
          (other) =>
            other !== card &&
            other.ratings[key] >= card.ratings[key] &&
            other.texts.cons.some((con) => namesRating(key, con) && figureOf(other.ratings[key]).test(con) && !SAID_CHEAPER.test(con)),
        );
      if (pro && against)
        findings.push({
          rule: "list-contradiction",
          car: card.name,
          why: `${key} ${card.ratings[key]} är en fördel, men ${against.name} har ${against.ratings[key]} som nackdel`,
          sentence: pro,
        });
    });
  const totals = cards.flatMap((card) => (card.total === undefined ? [] : [card.total]));
  if (totals.length >= 3) {
    const mean = totals.reduce((sum, total) => sum + total, 0) / totals.length;
    for (const card of cards) {
      if (card.total === undefined) continue;
      const cheaper = Math.round((mean - card.total) / 12 / 100) > 0;
      const pro = card.texts.pros.find((text) => MONTHLY.test(text) && !SAID_CHEAPER.test(text));
      if (pro && !cheaper)
        findings.push({ rule: "list-claims", car: card.name, why: "månadskostnaden som fördel, men bilen är inte billigare än snittet", sentence: pro });
      const con = card.texts.cons.find((text) => MONTHLY.test(text) && namesRating("economy", text) && !SAID_CHEAPER.test(text));
      if (con && cheaper)
        findings.push({ rule: "list-claims", car: card.name, why: "månadskostnaden som nackdel, men bilen är billigare än snittet", sentence: con });
    }
  }
  cards.forEach((card, index) => {
    const ahead = cards.filter((other, at) => at !== index && other.ratings.reliability > card.ratings.reliability).length;
    const said = allSentences(card.texts).find((sentence) => TRAILS_SEVERAL.test(sentence));
    if (said && ahead < 2)
      findings.push({ rule: "list-claims", car: card.name, why: `"flera av förslagen" före i driftsäkerhet, men ${ahead} är det`, sentence: said });
  });
  cards.forEach((card, index) => {
    const said = allSentences(card.texts).find((sentence) => NEWEST_NCAP.test(sentence));
    const newer = cards.filter((other, at) => at !== index && other.ncapYear !== undefined && other.ncapYear > (card.ncapYear ?? 0));
    const allowed = said && /näst nyast/iu.test(said) ? 1 : 0;
    if (said && newer.length > allowed)
      findings.push({ rule: "list-claims", car: card.name, why: `"nyast Euro NCAP", men ${newer[0]!.name} testades ${newer[0]!.ncapYear}`, sentence: said });
    const more = cards.find((other) => other.ncapStars !== undefined && other.ncapStars > (card.ncapStars ?? 5));
    if (said && more) findings.push({ rule: "list-claims", car: card.name, why: `"nyast Euro NCAP", men ${more.name} har fler stjärnor`, sentence: said });
    const older = allSentences(card.texts).find((sentence) => OLDER_NCAP.test(sentence));
    const tested = cards.filter((other, at) => at !== index && other.ncapYear !== undefined);
    if (older && tested.filter((other) => other.ncapYear! > (card.ncapYear ?? 0)).length * 2 <= tested.length)
      findings.push({ rule: "list-claims", car: card.name, why: "ett äldre Euro NCAP-test än flera, men de flesta är äldre", sentence: older });
  });
  const praised = cards.map((card) => praise(card.texts));
  for (const rule of RULES) {
    const praisedFor = praised.map((list) => list.some((sentence) => rule.has.test(sentence) && !rule.lacks.test(sentence)));
    cards.forEach((card, index) => {
      const against = praised[index]!.find((sentence) => rule.lacks.test(sentence));
      if (against && praisedFor.some((yes, other) => yes && other !== index)) {
        findings.push({ rule: "list-contradiction", car: card.name, why: `prisas för att sakna ${rule.name} som andra kort prisas för`, sentence: against });
      }
    });
  }
  return findings;
}

/** A window that reaches the budget is where the budget, not the market, set the top: it is an estimate. */
export function windowFinding(price: { from: number; to: number; estimate?: boolean }, maxPrice: number): { rule: "window"; why: string } | null {
  if (price.estimate || price.to < Math.floor(maxPrice / 1000) * 1000) return null;
  return { rule: "window", why: `prisfönstret når budgeten (${price.to} kr) utan "uppskattat"` };
}
