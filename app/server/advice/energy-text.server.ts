import { formatDecimal, formatMil, formatRangeMil, formatSek } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import { electricShare } from "#app/server/cars/ownership-cost.server";
import type { Candidate } from "./candidates.server";
import { dailyMil, winterRangeMil } from "./fact-check/card-facts.server";
import { batteryText, rangeMil, shortName } from "./facts-text.server";
import { costSituationOf } from "./situation.server";

const litresText = (value: number) => formatDecimal(value, { minFraction: 1, maxFraction: 2 });

export function energySentence(c: Candidate, req: BuyerRequirements): string | null {
  const v = c.variant;
  if (v.fuel === "el") {
    const winter = winterRangeMil(v, req.usage) ?? 0;
    // A northern or winter buyer gets the winter range in the cons instead.
    if (req.usage.northern || req.usage.winterNeeds) return null;
    return `Batteriet på ${batteryText(v)} räcker runt ${formatMil(rangeMil(v))} i mild väderlek och ungefär ${formatMil(winter)} i vinterkyla.`;
  }
  if (v.fuel === "laddhybrid") {
    const daily = dailyMil(req.usage);
    // "Dina resor" only for a buyer who said how far they drive; otherwise the day we assumed, said as ours.
    const share = req.usage.milPerYearStated
      ? rangeMil(v) >= daily
        ? "räcker för de flesta av dina dagliga resor"
        : "räcker bara till en del av dina dagliga resor"
      : `${rangeMil(v) >= daily ? "täcker" : "täcker inte"} ${formatMil(Math.round(daily))} om dagen (räknat på ${formatMil(req.usage.milPerYear)} om året, vårt antagande)`;
    const said = formatRangeMil(v.rangeKm ?? 0);
    const advice =
      req.situation.homeCharging === false
        ? `men utan laddplats hemma blir det mest ${v.combustionFuel === "diesel" ? "diesel" : "bensin"}`
        : "så ladda hemma för att få ner bränslekostnaden";
    return `Elräckvidden på cirka ${said} i ${shortName(v)} ${share}, ${advice}. ${electricShareSentence(c, req)}`.trim();
  }
  return null;
}

function electricShareSentence(c: Candidate, req: BuyerRequirements): string {
  const share = electricShare(c.variant, req.usage, costSituationOf(req));
  if (!share) return "";
  const percent = Math.max(5, Math.round((share.share * 100) / 5) * 5);
  const kr = formatSek(Math.round(c.costs.energyPerMil));
  const fuel = c.variant.combustionFuel === "diesel" ? "diesel" : "bensin";
  // The fact box gives the type approval's blend, with more of the mil on electricity: the card says which figure is which, and how much it uses on fuel.
  const blend = (c.variant.consumption.litresPer100Km ?? 0) / 10;
  const onFuel = Math.round((blend / (1 - share.catalogueShare)) * 20) / 20;
  const litres = `på ${fuel} drar ${shortName(c.variant)} cirka ${litresText(onFuel)} liter per mil, mot faktarutans ${litresText(blend)} liter med laddat batteri`;
  const counted = `vi räknar med att bara ungefär ${percent} % av milen går på el; ${litres}, och då kostar energin cirka ${kr} per mil`;
  switch (share.reason) {
    case "no-home-charging":
      return `Laddar du bara där det råkar finnas en publik laddare, ${counted.replace("vi räknar", "räknar vi")}.`;
    case "towing":
      return `Med släp tar batteriet slut efter några mil och bilen går sedan på ${fuel}, så ${counted}.`;
    case "long-distance":
      return `På långa resor och motorväg räcker batteriet bara de första milen, så ${counted}.`;
    case "range":
      return `En laddning om dagen räcker inte hela vägen, så ${counted}.`;
    default: {
      if (!(req.usage.northern || req.usage.winterNeeds))
        return `Vi räknar med att ungefär ${percent} % av milen går på el, som i den blandade förbrukningen, och då kostar energin cirka ${kr} per mil.`;
      // The blend is a mild-weather share; in the cold we state the winter range and no share we cannot source.
      return `I vinterkyla räcker batteriet bara runt ${formatMil(winterRangeMil(c.variant, req.usage) ?? 0)}, så vintertid går mer av milen på ${fuel} och energin kostar mer per mil än i den blandade förbrukningen.`;
    }
  }
}
