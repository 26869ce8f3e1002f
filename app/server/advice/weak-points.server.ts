import { formatMil, formatNumber } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { Candidate, Ratings } from "./candidates.server";
import { powerClass, windowPowerHp } from "./fact-check/card-facts.server";
import { knownNcap, monthlyCostText, ncapText, shortName } from "./facts-text.server";
import { cheapestToOwn, costIsCon, strongInList } from "./list-standing.server";
import { about } from "./standouts.server";
import { choose } from "./variation.server";

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

const capital = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

// A con states only the disadvantage: the all-car scale, and how many suggestions have more power per kilo, never that this car beats them.
function scaleAgainstList(id: string, name: string, score: number, stronger: number): string {
  const peers = stronger > 0 ? `, och ${stronger >= 2 ? `${stronger} av förslagen` : "ett av förslagen"} har mer kraft per kilo` : "";
  return choose(`${id}:performance-scale`, [
    `Mätt mot alla bilar får ${name} ${score} av 100 för prestanda, sitt lägsta betyg${peers}.`,
    `Prestanda är det lägsta betyget för ${name}: ${score} av 100 på en skala över alla bilar${peers}.`,
    `På vår skala över alla bilar landar ${name} på ${score} av 100 för prestanda, sitt lägsta betyg${peers}.`,
  ]);
}

const perKilo = (c: Candidate) => c.variant.powerHp / c.variant.curbWeightKg;
function strongerPeers(c: Candidate, others: readonly Candidate[]): number {
  const weaker = others.filter((peer) => perKilo(peer) < perKilo(c)).length;
  return weaker * 2 > others.length ? 0 : others.filter((peer) => perKilo(peer) > perKilo(c)).length;
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
    const name = shortName(v);
    const score = c.ratings.performance;
    if (klass !== "slow" && klass !== "modest") {
      if (score > Math.min(...Object.values(c.ratings))) return null;
      if (others.some((peer) => perKilo(peer) < perKilo(c))) return scaleAgainstList(v.id, name, score, strongerPeers(c, others));
      return choose(`${v.id}:performance`, [
        `Prestanda är det svagaste för ${name} i vår bedömning (${score} av 100), även om bilen inte är långsam.`,
        `Kraft per kilo är vad ${name} har minst av: prestanda ${score} av 100 i vår bedömning.`,
        `I vår bedömning får ${name} lägst betyg för prestanda, ${score} av 100, fast den inte är långsam.`,
      ]);
    }
    const figures = `${about(v, "powerHp")}${windowPowerHp(v, c.window)} hk i en bil på ${about(v, "curbWeightKg")}${formatNumber(v.curbWeightKg)} kg`;
    const weakerPeers = others.filter((peer) => perKilo(peer) < perKilo(c)).length;
    if (others.length >= 2 && weakerPeers * 2 > others.length) {
      if (score > Math.min(...Object.values(c.ratings))) return null;
      return scaleAgainstList(v.id, name, score, 0);
    }
    const trailer = req.situation.trailerTotalKg ?? req.hard.minTowingKg;
    if (trailer !== undefined) {
      // Power per kilo is half of it: a diesel's or electric motor's low-rev torque and a rated weight well above the trailer carry it.
      const pulls = v.fuel === "diesel" || v.fuel === "el" || v.fuel === "laddhybrid" || v.combustionFuel === "diesel";
      if (v.towingKg >= trailer && pulls) {
        if (score > Math.min(...Object.values(c.ratings))) return null;
        const rated = `${about(v, "towingKg")}${formatNumber(v.towingKg)} kg tillåten dragvikt`;
        const torque = v.fuel === "diesel" || v.combustionFuel === "diesel" ? "dieselns" : "elmotorns";
        const carries = `${torque} vridmoment vid låga varv och ${rated}`;
        return `Prestanda får ${score} av 100 i vår bedömning, men med ${carries} räcker kraften i ${name} till ${formatNumber(trailer)} kg släp.`;
      }
      return `Med släp märks det att ${figures} ${klass === "slow" ? "har lite att ge" : "inte har mycket över"}, särskilt i backar.`;
    }
    if (longDriving(req))
      return `På landsväg kräver omkörningar framförhållning: ${figures} gör ${shortName(v)} ${klass === "slow" ? "trög" : "mer lugn än pigg"}.`;
    if (others.length >= 2 && others.every((peer) => perKilo(peer) > perKilo(c))) {
      return `Av förslagen har ${shortName(v)} minst kraft per kilo: ${figures}.`;
    }
    if (klass === "slow") {
      return choose(`${v.id}:slow`, [
        `${capital(figures)} gör ${name} trög i backar och vid omkörningar.`,
        `Backar och omkörningar tar tid i ${name}: ${figures}.`,
        `${name} är trög med ${figures}, så planera omkörningar.`,
      ]);
    }
    return choose(`${v.id}:modest`, [
      `${capital(figures)} gör ${name} mer lugn än pigg.`,
      `${name} är mer lugn än pigg: ${figures}.`,
      `Räkna med lugna omkörningar i ${name}, med ${figures}.`,
    ]);
  },
  security: (c, _req, others) => {
    const ncap = knownNcap(c.variant);
    // A missing or unchecked result is unknown, not low: the analysis says so once, and it is no weakness.
    if (!ncap) return null;
    if (ncap.year < 2015) return `${ncapText(c.variant)}, ett test från före dagens hårdare krav.`;
    const known = others.flatMap((peer) => knownNcap(peer.variant) ?? []);
    if (known.filter((peer) => peer.stars > ncap.stars).length >= 2) return `${ncapText(c.variant)}; flera av förslagen har fler stjärnor.`;
    if (known.filter((peer) => peer.year > ncap.year).length * 2 > known.length)
      return `${ncapText(c.variant)}, ett äldre test än de flesta av de andra förslagens.`;
    return null;
  },
  reliability: (c, req, others) => {
    const name = shortName(c.variant);
    const r = c.ratings.reliability;
    if (strongInList(c, [...others, c], "reliability")) return null;
    if (r >= 75) {
      const ahead = others.filter((peer) => peer.ratings.reliability > r).length;
      const trails = ahead >= 2 ? "flera av förslagen" : ahead === 1 ? "ett av förslagen" : "de mest driftsäkra bilarna";
      return `${name} är pålitlig men ligger efter ${trails} i driftsäkerhet (${r} av 100 i vår bedömning).`;
    }
    if (r >= 60) {
      const check = CHECK[checkFor(c)];
      return choose(`${c.variant.id}:reliability`, [
        `Med ${r} av 100 för driftsäkerhet i vår bedömning lönar det sig att ${check} innan du köper ${name}.`,
        `Innan du köper ${name} lönar det sig att ${check}: driftsäkerheten får ${r} av 100 i vår bedömning.`,
        `För ${name} är driftsäkerheten ${r} av 100 i vår bedömning, så det lönar sig att ${check} före köpet.`,
      ]);
    }
    return `Driftsäkerheten för ${name} är ${r} av 100 i vår bedömning, så kräv servicehistorik och gärna en begagnattest.`;
  },
  economy: (c, req, others) => {
    const name = shortName(c.variant);
    const monthly = monthlyCostText(c);
    const driving = formatMil(req.usage.milPerYear);
    // A low rating on the all-car scale on a card the list calls cheap is said with its place, never as "the weak side".
    if (!costIsCon(c, others)) {
      const place = cheapestToOwn(c, [...others, c]) ? "billigast att äga bland förslagen" : "billigare att äga än snittet av förslagen";
      return `På vår skala över alla bilar får ägandekostnaden för ${name} ${c.ratings.economy} av 100, för vid ${driving} om året kostar den cirka ${monthly} i månaden, men ${name} är ${place}.`;
    }
    return choose(`${c.variant.id}:economy`, [
      `Att äga ${name} kostar cirka ${monthly} i månaden vid ${driving} om året, så räkna med det i budgeten (ägandekostnad ${c.ratings.economy} av 100).`,
      `Ägandekostnaden är den svaga sidan för ${name} (${c.ratings.economy} av 100): cirka ${monthly} i månaden vid ${driving} om året.`,
      `Räkna med cirka ${monthly} i månaden för att äga ${name} vid ${driving} om året; ägandekostnaden får ${c.ratings.economy} av 100 i vår bedömning.`,
    ]);
  },
};
