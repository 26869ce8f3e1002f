import type { RecommendedCar } from "#app/lib/saved-recommendation";
import { sentences } from "#app/server/advice/sentences.server";
import { getVariant, priceForYear, variantDisplayName, variantShortName } from "#app/server/cars/catalogue.server";

/**
 * How the shown texts read across a whole evaluation run: the most common sentence opening (the
 * first ten words of the sentence with figures, the car's names and makes taken out, so a template
 * counts once however it ends) and the share of cards that carry it,
 * filler sentences that say nothing about the car, and how many price windows end exactly at the
 * buyer's budget or are labelled an estimate.
 */

/** Phrases that praise without a fact: what the guard must never put in place of a dropped sentence. */
export const FILLER =
  /uppfyller (alla )?dina krav\.?$|(uppfyller|klarar) alla dina krav|passar dig (perfekt|utmärkt)|ett (mycket )?(bra|utmärkt|perfekt) val\.?$|allt du (behöver|önskar)|motsvarar dina förväntningar/iu;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pattern for all of a car's names, longest first so "V60 T8 Twin Engine AWD" wins over "V60". */
export function namePattern(names: readonly string[]): RegExp {
  const alternatives = [...new Set(names)]
    .filter((n) => n.length >= 2)
    .sort((a, b) => b.length - a.length)
    .map(escape);
  return new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

/** The sentence with the car's names, makes and every figure replaced by placeholders. */
export function skeleton(sentence: string, names: readonly string[] | RegExp): string {
  const pattern = names instanceof RegExp ? names : namePattern(names);
  return sentence
    .replace(pattern, "‹bil›")
    .replace(/\d[\d\s\u00a0\u202f.,–-]*\d|\d/gu, "#")
    .replace(/(‹bil›\s*)+/gu, "‹bil› ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function carNames(car: RecommendedCar): string[] {
  const variant = car.variantId ? getVariant(car.variantId) : undefined;
  const names = [car.carName, car.carMake, car.carModel, `${car.carMake} ${car.carModel}`];
  if (variant)
    names.push(
      variantDisplayName(variant),
      variantShortName(variant),
      variant.name,
      `${variant.model} ${variant.generation}`,
      variant.generation,
      variant.make,
      variant.model,
    );
  return names;
}

function cardSentences(car: RecommendedCar): string[] {
  return [car.carTagline, car.whyItFits, car.deepDiveAnalysis, car.commonFlaws, ...car.pros, ...car.cons].flatMap(sentences);
}

/** Words of a skeleton that count as one opening: a template is one however it ends ("… kr mer/mindre i månaden"). */
export const OPENING_WORDS = 10;

/** The first ten words of the sentence's skeleton. */
export function opening(sentence: string, names: readonly string[] | RegExp): string {
  return skeleton(sentence, names).split(" ").slice(0, OPENING_WORDS).join(" ");
}

export type WritingSummary = {
  cards: number;
  topSkeleton: string;
  /** Cards with a sentence opening with the most common ten-word skeleton, of all cards. */
  topShare: number;
  /** The five most common skeletons with their card counts. */
  top: { skeleton: string; cards: number }[];
  filler: string[];
  windows: number;
  windowsAtBudget: number;
  /** Of those, windows whose newest year's own catalogue price is the budget (not stretched to it). */
  windowsAtBudgetByPoint: number;
  windowsEstimated: number;
};

export function writingSummary(results: readonly { cars: readonly RecommendedCar[]; maxPrice: number }[]): WritingSummary {
  const cardsWith = new Map<string, number>();
  const filler: string[] = [];
  let cards = 0;
  let windows = 0;
  let windowsAtBudget = 0;
  let windowsEstimated = 0;
  let windowsAtBudgetByPoint = 0;
  for (const { cars, maxPrice } of results) {
    for (const car of cars) {
      cards++;
      const said = cardSentences(car);
      const names = namePattern(carNames(car));
      for (const key of new Set(said.map((sentence) => opening(sentence, names)))) cardsWith.set(key, (cardsWith.get(key) ?? 0) + 1);
      for (const sentence of said) if (FILLER.test(sentence)) filler.push(`${car.carName}: ${sentence}`);
      windows++;
      if (car.recommendedPrice.to === maxPrice) {
        windowsAtBudget++;
        const variant = car.variantId ? getVariant(car.variantId) : undefined;
        const point = variant ? priceForYear(variant, car.recommendedYear.to ?? car.recommendedYear.from) : null;
        if (point !== null && point >= maxPrice - 1000) windowsAtBudgetByPoint++;
      }
      if (car.recommendedPrice.estimate) windowsEstimated++;
    }
  }
  const top = [...cardsWith.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([key, count]) => ({ skeleton: key, cards: count }));
  return {
    cards,
    topSkeleton: top[0]?.skeleton ?? "",
    topShare: cards > 0 ? (top[0]?.cards ?? 0) / cards : 0,
    top,
    filler,
    windows,
    windowsAtBudget,
    windowsAtBudgetByPoint,
    windowsEstimated,
  };
}

export function writingLines(summary: WritingSummary): string[] {
  const pct = (n: number, of: number) => `${of > 0 ? ((n / of) * 100).toFixed(1).replace(".", ",") : "0"} %`;
  return [
    `ten-word skeleton share (cards with a sentence opening with the most common first ten words, figures and names blanked): ${pct(summary.top[0]?.cards ?? 0, summary.cards)} of ${summary.cards} cards (target ≤ 20 %): "${summary.topSkeleton} …"`,
    ...summary.top.slice(1).map((entry) => `  next: ${pct(entry.cards, summary.cards)} "${entry.skeleton}"`),
    `filler sentences shown ("uppfyller alla dina krav" and the like): ${summary.filler.length}`,
    ...summary.filler.slice(0, 5).map((line) => `  ! ${line}`),
    `price windows ending exactly at the budget: ${summary.windowsAtBudget} of ${summary.windows} (${pct(summary.windowsAtBudget, summary.windows)}), of which the newest year's own price point is the budget: ${summary.windowsAtBudgetByPoint}; labelled an estimate: ${summary.windowsEstimated}`,
  ];
}
