import { formatMil, formatNumber, formatSek, starsWord } from "#app/lib/format";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { isVerified, type UnverifiedField, type Variant } from "#app/server/cars/variant.server";
import type { Candidate } from "./candidates.server";
import type { CardFacts } from "./fact-check/card-facts.server";
import { bodyVersion, bootWord, knownNcap, monthlyCostText, rangeMil, shortName } from "./facts-text.server";
import { heavyTowing } from "./design-traits.server";
import { choose } from "./variation.server";

// A sentence true only beside these peers differs from car to car, so cards stop reading alike.

export const about = (variant: Variant, field: UnverifiedField) => (isVerified(variant, field) ? "" : "cirka ");

type Metric = {
  wish?: WishKey;
  /** A lead smaller than this is no lead: "näst billigast" by 10 kr a year says nothing. */
  margin?: number;
  better: "high" | "low";
  value: (c: Candidate) => number | null;
  leads?: (c: Candidate, peers: readonly Candidate[]) => boolean;
  peers?: (c: Candidate, peers: readonly Candidate[]) => readonly Candidate[];
  text: (c: Candidate, place: string, facts: CardFacts) => string;
};

const monthly = monthlyCostText;

const METRICS: Metric[] = [
  {
    wish: "space",
    better: "high",
    value: (c) => c.window.body.bootLitres,
    text: (c, place) =>
      `${shortName(c.variant)} har ${place}störst ${bootWord(c.window.body.type)} bland förslagen: ${about(c.variant, "bootLitres")}${formatNumber(c.window.body.bootLitres ?? 0)} liter${bodyVersion(c)}.`,
  },
  {
    wish: "economy",
    better: "low",
    margin: 1_200,
    value: (c) => c.costs.total,
    text: (c, place) =>
      `Räknat på skatt, försäkring, drivmedel och service är ${shortName(c.variant)} ${place}billigast att äga bland förslagen, cirka ${monthly(c)} i månaden.`,
  },
  {
    wish: "reliability",
    better: "high",
    value: (c) => c.ratings.reliability,
    text: (c, place) => `I vår bedömning av driftsäkerhet ligger ${shortName(c.variant)} ${place}högst bland förslagen, på ${c.ratings.reliability} av 100.`,
  },
  {
    wish: "comfort",
    better: "high",
    value: (c) => c.ratings.comfort,
    text: (c, place) => `${shortName(c.variant)} är ${place}bekvämast bland förslagen, med ${c.ratings.comfort} av 100 för komfort i vår bedömning.`,
  },
  {
    wish: "sporty",
    better: "high",
    value: (c) => c.variant.powerHp / c.variant.curbWeightKg,
    text: (c, place, facts) =>
      facts.powers.length === 1
        ? `Med ${about(c.variant, "powerHp")}${facts.powers[0]!.hp} hk på ${about(c.variant, "curbWeightKg")}${formatNumber(c.variant.curbWeightKg)} kg har ${shortName(c.variant)} ${place}mest kraft per kilo bland förslagen.`
        : `${shortName(c.variant)} har ${place}mest kraft per kilo bland förslagen.`,
  },
  {
    wish: "towing",
    better: "high",
    value: (c) => c.variant.towingKg,
    text: (c, place) =>
      `Av förslagen får ${shortName(c.variant)} dra ${place}mest: ${about(c.variant, "towingKg")}${formatNumber(c.variant.towingKg)} kg bromsat släp.`,
  },
  {
    wish: "lowInsurance",
    better: "low",
    value: (c) => c.costs.insurance,
    peers: (c, peers) => peers.filter((peer) => peer.costs.fullInsurance === c.costs.fullInsurance),
    text: (c, place) =>
      `Som ${c.costs.fullInsurance ? "helförsäkring" : "halvförsäkring"} kostar ${shortName(c.variant)} cirka ${formatSek(c.costs.insurance)} per år, ${place}lägst av förslagen med samma försäkringsnivå.`,
  },
  {
    wish: "longTrips",
    better: "high",
    value: (c) => (c.variant.fuel === "el" ? (c.variant.rangeKm ?? null) : null),
    text: (c, place) =>
      `Bland elbilarna i förslagen har ${shortName(c.variant)} ${place}längst räckvidd, ${about(c.variant, "rangeKm")}runt ${formatMil(rangeMil(c.variant))}.`,
  },
  {
    wish: "environment",
    better: "low",
    margin: 0.5,
    value: (c) => c.costs.energyPerMil,
    text: (c, place) => `Energin kostar cirka ${formatSek(Math.round(c.costs.energyPerMil))} per mil i ${shortName(c.variant)}, ${place}minst bland förslagen.`,
  },
  {
    wish: "safety",
    better: "high",
    // The newest test is a reason only with the most stars of the list: a newer four-star result is no lead over five stars.
    value: (c) => knownNcap(c.variant)?.year ?? null,
    leads: (c, peers) => {
      const stars = knownNcap(c.variant)?.stars ?? 0;
      return stars >= 4 && peers.every((peer) => (knownNcap(peer.variant)?.stars ?? 0) <= stars);
    },
    text: (c, place) =>
      `${shortName(c.variant)} har ${place}nyast Euro NCAP-resultat bland förslagen: ${knownNcap(c.variant)?.stars} ${starsWord(knownNcap(c.variant)?.stars ?? 0)} ${knownNcap(c.variant)?.year}.`,
  },
  {
    wish: "cheapToBuy",
    better: "high",
    value: (c) => c.window.yearTo,
    text: (c, place) => `För pengarna ger ${shortName(c.variant)} ${place}nyast årsmodell bland förslagen, upp till ${c.window.yearTo}.`,
  },
];

const TOWING = METRICS.find((metric) => metric.wish === "towing")!;
const SPORTY = METRICS.find((metric) => metric.wish === "sporty")!;

function placeAmong(c: Candidate, peers: readonly Candidate[], metric: Metric): 1 | 2 | null {
  const own = metric.value(c);
  if (own === null || (metric.leads && !metric.leads(c, peers))) return null;
  const others = (metric.peers ? metric.peers(c, peers) : peers)
    .filter((peer) => peer.variant.id !== c.variant.id)
    .map(metric.value)
    .filter((value): value is number => value !== null);
  if (others.length < 2) return null;
  const ahead = others.filter((value) => (metric.better === "high" ? value >= own : value <= own)).length;
  const behind = others.filter((value) => (metric.better === "high" ? value < own : value > own));
  const next = metric.better === "high" ? Math.max(...behind) : Math.min(...behind);
  if (metric.margin !== undefined && behind.length > 0 && Math.abs(next - own) < metric.margin) return null;
  return ahead === 0 ? 1 : ahead === 1 && !others.includes(own) ? 2 : null;
}

export function standouts(c: Candidate, peers: readonly Candidate[], req: BuyerRequirements, facts: CardFacts, max = 2): string[] {
  const voiced = (metric: Metric) => (metric.wish ? (req.wishes[metric.wish] ?? 0) : 0);
  const found = METRICS.filter((metric) => (metric === TOWING ? heavyTowing(req) : metric !== SPORTY || voiced(SPORTY) > 0))
    .map((metric) => ({ metric, place: placeAmong(c, peers, metric) }))
    .filter((entry): entry is { metric: Metric; place: 1 | 2 } => entry.place !== null)
    // A second place counts only for something the buyer asked for.
    .filter((entry) => entry.place === 1 || voiced(entry.metric) > 0)
    .sort((a, b) => voiced(b.metric) - voiced(a.metric) || a.place - b.place);
  return found.slice(0, max).map(({ metric, place }) => metric.text(c, place === 1 ? "" : "näst ", facts));
}

const COST_ITEMS = ["fuel", "insurance", "tax", "maintenance"] as const;
const CHEAPER: Record<(typeof COST_ITEMS)[number], string> = {
  fuel: "drivmedlet kostar mindre",
  insurance: "försäkringen är billigare",
  tax: "skatten är lägre",
  maintenance: "service och däck kostar mindre",
};
const DEARER: Record<(typeof COST_ITEMS)[number], string> = {
  fuel: "drivmedlet kostar mer",
  insurance: "försäkringen är dyrare",
  tax: "skatten är högre",
  maintenance: "service och däck kostar mer",
};

export function costAmongPeers(c: Candidate, peers: readonly Candidate[], req: BuyerRequirements): string | null {
  if (peers.length < 3) return null;
  const mean = (pick: (peer: Candidate) => number) => peers.reduce((sum, peer) => sum + pick(peer), 0) / peers.length;
  const gap = c.costs.total - mean((peer) => peer.costs.total);
  const diff = Math.round(Math.abs(gap) / 12 / 100) * 100;
  const name = shortName(c.variant);
  const stated = req.usage.milPerYearStated;
  const driving = stated ? `Vid dina ${formatMil(req.usage.milPerYear)} om året` : "Räknat på ett vanligt körår";
  const drivingAfter = stated ? `vid dina ${formatMil(req.usage.milPerYear)} om året` : "på ett vanligt körår";
  if (diff < 100) return `${driving} kostar ${name} ungefär som snittet av förslagen att äga.`;
  const item = [...COST_ITEMS].sort((a, b) => Math.sign(gap) * (c.costs[b] - mean((peer) => peer.costs[b]) - (c.costs[a] - mean((peer) => peer.costs[a]))))[0]!;
  const reason = (gap < 0 ? CHEAPER : DEARER)[item].replace("drivmedlet", c.variant.fuel === "el" ? "elen" : "drivmedlet");
  const amount = formatSek(diff);
  const more = gap < 0 ? "mindre" : "mer";
  const dearer = gap < 0 ? "billigare" : "dyrare";
  // Several wordings so a list's cards do not open alike; never the tax first, or the month's difference reads as the tax.
  return choose(`${c.variant.id}:${peers.length}:${Math.round(gap)}:cost`, [
    `${driving} kostar ${name} cirka ${amount} ${more} i månaden än snittet av förslagen, främst för att ${reason}.`,
    `${name} kostar cirka ${amount} ${more} i månaden än snittet av förslagen ${drivingAfter}, mest för att ${reason}.`,
    /skatt/u.test(reason)
      ? `${name} blir cirka ${amount} ${dearer} i månaden än snittet av förslagen ${drivingAfter}, främst för att ${reason}.`
      : `Främst för att ${reason} blir ${name} cirka ${amount} ${dearer} i månaden än snittet av förslagen ${drivingAfter}.`,
    `Jämfört med snittet av förslagen blir ${name} cirka ${amount} ${dearer} i månaden ${drivingAfter}, främst för att ${reason}.`,
    `Mot snittet av förslagen är ${name} cirka ${amount} ${dearer} att äga i månaden ${drivingAfter}; mest beror det på att ${reason}.`,
    `Skillnaden mot snittet av förslagen: ${name} är cirka ${amount} ${dearer} i månaden att äga ${drivingAfter}, främst för att ${reason}.`,
  ]);
}
