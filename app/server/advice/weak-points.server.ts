import { formatMil, formatNumber, formatSek, roundTo } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { Candidate, Ratings } from "./candidates.server";
import { powerClass } from "./fact-check/card-facts.server";
import { ncapText, shortName } from "./facts-text.server";
import { about } from "./standouts.server";

type WeakPoint = (c: Candidate, req: BuyerRequirements, others: readonly Candidate[]) => string | null;

const CHECK = {
  el: "be om ett batteritest (SoH)",
  hybrid: "låta kontrollera hybridsystemet och se servicehistoriken",
  diesel: "fråga hur partikelfiltret och EGR-ventilen har skötts",
  other: "kräva servicehistorik och göra en begagnattest",
} as const;

function checkFor(c: Candidate): keyof typeof CHECK {
  const fuel = c.variant.fuel;
  if (fuel === "el") return "el";
  if (fuel === "laddhybrid" || fuel === "elhybrid") return "hybrid";
  return fuel === "diesel" ? "diesel" : "other";
}

const longDriving = (req: BuyerRequirements) => req.usage.milPerYear >= 2000;

export const WEAK_POINTS: Record<keyof Ratings, WeakPoint> = {
  comfort: (c, req) => {
    const name = shortName(c.variant);
    const score = `komfort ${c.ratings.comfort} av 100`;
    if (longDriving(req)) return `På långa resor märks det att ${name} är stötigare och bullrigare än de bekvämaste bilarna (${score}).`;
    if (c.variant.size === "mini" || c.variant.size === "small")
      return `Som liten bil är ${name} stötigare och bullrigare på landsväg än större bilar (${score}).`;
    if (c.ratings.comfort >= 70) return `${name} är bekväm, men flera av förslagen är tystare och mjukare (${score}).`;
    return `${name} är stötigare och bullrigare än de bekvämaste bilarna (${score}).`;
  },
  performance: (c, req, others) => {
    const v = c.variant;
    const klass = powerClass(v.powerHp, v.curbWeightKg);
    if (klass !== "slow" && klass !== "modest") return null;
    const figures = `${about(v, "powerHp")}${v.powerHp} hk i en bil på ${about(v, "curbWeightKg")}${formatNumber(v.curbWeightKg)} kg`;
    if (req.hard.minTowingKg !== undefined || req.situation.trailerTotalKg !== undefined) {
      return `Med släp märks det att ${figures} ${klass === "slow" ? "har lite att ge" : "inte har mycket över"}, särskilt i backar.`;
    }
    if (longDriving(req))
      return `På landsväg kräver omkörningar framförhållning: ${figures} gör ${shortName(v)} ${klass === "slow" ? "seg" : "mer lugn än pigg"}.`;
    const perKilo = v.powerHp / v.curbWeightKg;
    if (others.length >= 2 && others.every((peer) => peer.variant.powerHp / peer.variant.curbWeightKg > perKilo)) {
      return `Av förslagen har ${shortName(v)} minst kraft per kilo: ${figures}.`;
    }
    return `${figures} gör ${shortName(v)} ${klass === "slow" ? "seg i backar och vid omkörningar" : "mer lugn än pigg"}.`;
  },
  security: (c, _req, others) => {
    const ncap = c.variant.ncap;
    if (!ncap || ncap.year < 2015) return `${ncapText(c.variant)}, så säkerhetsnivån är lägre än i nyare bilar.`;
    if (others.some((peer) => (peer.variant.ncap?.stars ?? 0) > ncap.stars)) return `${ncapText(c.variant)}; flera av förslagen har fler stjärnor.`;
    if (others.filter((peer) => (peer.variant.ncap?.year ?? 0) > ncap.year).length >= 2)
      return `${ncapText(c.variant)}, ett äldre test än flera av de andra förslagens.`;
    return null;
  },
  reliability: (c, req) => {
    const name = shortName(c.variant);
    const r = c.ratings.reliability;
    if (r >= 75) return `${name} är pålitlig men ligger efter flera av förslagen i driftsäkerhet (${r} av 100 i vår bedömning).`;
    if (r >= 60) return `Med ${r} av 100 för driftsäkerhet i vår bedömning lönar det sig att ${CHECK[checkFor(c)]} innan du köper ${name}.`;
    return `Driftsäkerheten för ${name} är ${r} av 100 i vår bedömning, så kräv servicehistorik och gärna en begagnattest.`;
  },
  economy: (c, req) =>
    `Att äga ${shortName(c.variant)} kostar cirka ${formatSek(roundTo(c.costs.total, 100))} per år vid ${formatMil(req.usage.milPerYear)}, så räkna med det i budgeten.`,
};
