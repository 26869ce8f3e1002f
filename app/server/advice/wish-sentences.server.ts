import { formatNumber, formatSek, starsWord } from "#app/lib/format";
import type { BodyType } from "#app/lib/car-facts";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { assumedWishes, statedWishes } from "#app/lib/said-wishes";
import { upperMedian } from "#app/lib/statistics";
import type { Candidate, Ratings } from "./candidates.server";
import { windowPowerHp } from "./fact-check/card-facts.server";
import { namesRating, weakestToName } from "./fact-check/list-rules.server";
import { bootText, knownNcap, shortName } from "./facts-text.server";
import { rowInUse } from "./buyer-needs.server";
import { about } from "./standouts.server";

// Each wish as the reading shows it to the buyer ("låg förbrukning", "pålitlighet"), with the fact that judges it.
export const WISH_LABELS: Record<WishKey, (c: Candidate) => string> = {
  comfort: () => "komfort",
  economy: (c) => `låg förbrukning (energi för cirka ${formatSek(Math.round(c.costs.energyPerMil))} per mil)`,
  safety: (c) => {
    const ncap = knownNcap(c.variant);
    return ncap ? `säkerhet (${ncap.stars} ${starsWord(ncap.stars)} i Euro NCAP)` : "säkerhet";
  },
  space: (c) => `utrymme (${bootText(c)})`,
  reliability: (c) => `pålitlighet (${c.ratings.reliability} av 100 för driftsäkerhet i vår bedömning)`,
  sporty: (c) => `körglädje (${about(c.variant, "powerHp")}${windowPowerHp(c.variant, c.window)} hk)`,
  highSeating: () => "hög sittposition",
  groundClearance: () => "bra markfrigång",
  lowInsurance: (c) => `låg försäkringskostnad (cirka ${formatSek(c.costs.insurance)} per år)`,
  cityFriendly: () => "en bil som är lätt att parkera i stan",
  environment: (c) => (c.variant.fuel === "el" ? "inga avgasutsläpp" : `låga utsläpp (${c.variant.co2.gPerKm} g CO₂/km)`),
  cheapToBuy: (c) => `lågt inköpspris (från ${formatSek(c.window.priceFrom)})`,
  awd: () => "fyrhjulsdrift",
  towing: (c) => `dragkrok (${about(c.variant, "towingKg")}${formatNumber(c.variant.towingKg)} kg bromsat släp)`,
  longTrips: () => "en bil för långresor",
  // Equipment not sourced per car, and a derived quietness: weighed in the ranking, never claimed.
  airSuspension: () => "",
  parkingHeater: () => "",
  quiet: () => "",
  lowRange: () => "",
};

export function joinSv(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

// A rated wish is met from 75, the figure under which another card's cons warn of the same rating.
const RATED_WISH_MIN = 75;
const RATED_WISHES: Partial<Record<WishKey, keyof Ratings>> = { comfort: "comfort", reliability: "reliability", safety: "security" };

/** Low consumption as asked, by energy cost a mil beside the list: at 6 000 mil a year every car is dear to own. */
function economyFit(c: Candidate, peers: readonly Candidate[]): number | undefined {
  // Against cars on the same energy: a Prius among elbilar is thrifty for what it is, not marked down for not being one.
  const electric = (candidate: Candidate) => candidate.variant.fuel === "el";
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id && electric(peer) === electric(c)).map((peer) => peer.costs.energyPerMil);
  if (others.length < 2) return peers.length > 2 ? 50 : c.wishFit.economy;
  const median = upperMedian(others)!;
  if (c.costs.energyPerMil <= median) return 100;
  return c.costs.energyPerMil >= median * 1.25 ? 20 : 50;
}

// The catalogue's own clearance ("20 centimeters markfrigång") wins over the body's rule of thumb.
const CLEARANCE_CM = /(\d{2})\s*centimeter\p{L}*\s+markfrigång|markfrigång\p{L}*\s+på\s+(?:omkring\s+)?(\d{2})\s*centimeter/iu;
const HIGH_CLEARANCE = /(?<![\p{L}])(?:hög|höjd|högre)\p{L}*\s+(?:kaross\p{L}*\s+med\s+[^.;]{0,30})?markfrigång/iu;
const MEASURED_HIGH_CM = 18;

export function statesHighClearance(c: Candidate): boolean {
  return [...c.variant.strengths, ...c.variant.reliabilityNotes].some((text) => {
    const cm = CLEARANCE_CM.exec(text);
    if (cm) return Number(cm[1] ?? cm[2]) >= MEASURED_HIGH_CM;
    return HIGH_CLEARANCE.test(text);
  });
}

function insuranceFit(c: Candidate, peers: readonly Candidate[], fit: number): number {
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id).map((peer) => peer.costs.insurance);
  if (others.length < 2) return fit;
  const median = upperMedian(others)!;
  if (c.costs.insurance <= median) return Math.max(fit, 60);
  return Math.min(fit, c.costs.insurance >= median * 1.2 ? 20 : 50);
}

// The ranking's fit falls as the price nears the budget; on a card a price at or under the others' is a wish met, and one near theirs no shortfall.
function priceFit(c: Candidate, peers: readonly Candidate[], fit: number): number {
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id).map((peer) => peer.window.priceFrom);
  if (others.length < 2) return fit;
  const median = upperMedian(others)!;
  if (c.window.priceFrom <= median) return Math.max(fit, 60);
  return c.window.priceFrom <= median * 1.2 ? Math.max(fit, 40) : fit;
}

const BULKY: readonly BodyType[] = ["familjebuss", "skapbil", "pickup"];

/** Card-side caps on the ranking's fits: stars compare cars of one weight class, and a seven-seat bus is no town car whatever its length. */
function cappedFit(c: Candidate, key: WishKey, fit: number): number {
  if (key === "safety" && c.variant.size === "mini") return Math.min(fit, 50);
  // A test from before 2015's harder rules, or one we could not check, neither meets nor fails a safety wish.
  if (key === "safety" && (knownNcap(c.variant)?.year ?? 0) < 2015) return Math.min(fit, 50);
  if (key === "cityFriendly" && (BULKY.includes(c.window.body.type) || c.variant.seats > 5)) return Math.min(fit, 40);
  return fit;
}

export function wishFits(c: Candidate, peers: readonly Candidate[]): [WishKey, number][] {
  return (Object.entries(c.wishFit) as [WishKey, number][]).map(([key, fit]) => [
    key,
    cappedFit(
      c,
      key,
      key === "economy"
        ? (economyFit(c, peers) ?? fit)
        : key === "lowInsurance"
          ? insuranceFit(c, peers, fit)
          : key === "cheapToBuy"
            ? priceFit(c, peers, fit)
            : key === "groundClearance" && statesHighClearance(c)
              ? Math.max(fit, 80)
              : fit,
    ),
  ]);
}

/** Litres said for a family that needs the third row say that they count it folded. */
function labelFor(key: WishKey, c: Candidate, req: BuyerRequirements): string {
  const label = WISH_LABELS[key](c);
  return key === "space" && rowInUse(c, req) ? label.replace(/\)$/u, " med tredje raden fälld)") : label;
}

/** The label without its bracketed figure when the card has just given that figure ("minst bland förslagen" before it). */
function unrepeated(label: string, said: string): string {
  const bracket = /\s*\(([^()]*)\)$/u.exec(label);
  const figure = bracket ? /\d[\d\s\u00a0]*(?:,\d+)?\s*(?:kr per mil|kr per år|liter|kg|hk|stjärn(?:a|or)|av 100)/u.exec(bracket[1]!)?.[0] : undefined;
  return bracket && figure && said.includes(figure) ? label.slice(0, bracket.index) : label;
}

/** The wishes this car meets, stated apart from inferred: only what the buyer said is "dina önskemål". */
export function wishSentences(c: Candidate, req: BuyerRequirements, said: string, peers: readonly Candidate[], warnings: readonly string[]): string[] {
  const also = said.length > 0;
  const assumed = assumedWishes(req);
  const weak = weakestToName(
    c,
    peers.filter((peer) => peer.variant.id !== c.variant.id),
  );
  const met = wishFits(c, peers)
    .filter(([key, fit]) => {
      const rating = RATED_WISHES[key];
      // Nor when the cons name it, as a warning or as "pålitlig men efter flera av förslagen": a buyer reads both as one verdict.
      const warned = rating !== undefined && warnings.some((con) => namesRating(rating, con));
      if (rating !== undefined && (fit < RATED_WISH_MIN || rating === weak || warned)) return false;
      return fit >= 60 && WISH_LABELS[key](c) !== "";
    })
    .map(([key]) => key);
  const stated = statedWishes(req);
  const liked = met.filter((key) => stated.includes(key)).map((key) => unrepeated(labelFor(key, c, req), said));
  const inferred = met.filter((key) => assumed.has(key));
  const weighed = met.filter((key) => !stated.includes(key) && !assumed.has(key)).map((key) => unrepeated(labelFor(key, c, req), said));
  const name = shortName(c.variant);
  const out: string[] = [];
  const too = also ? " också" : "";
  if (liked.length === 1) out.push(`${name} uppfyller${too} ditt önskemål om ${liked[0]}.`);
  else if (liked.length > 1) out.push(`${name} uppfyller${too} dina önskemål om ${joinSv(liked.slice(0, 4))}.`);
  if (inferred.length > 0) {
    const words = [...new Set(inferred.map((key) => `”${assumed.get(key)}”`))];
    const more = also || out.length > 0 ? " också" : "";
    const labels = inferred.slice(0, 3).map((key) => unrepeated(labelFor(key, c, req), said));
    out.push(`Utifrån ${joinSv(words)} antog vi att du vill ha ${joinSv(labels)}, och det uppfyller ${name}${more}.`);
  }
  if (weighed.length > 0) out.push(`Vi har${also || out.length > 0 ? " också" : ""} vägt in ${joinSv(weighed.slice(0, 3))}, och det uppfyller ${name}.`);
  return out;
}
