import type { Usage } from "#app/lib/requirements";
import { flawText, type Variant } from "./variant.server";

// An elbil's range in the cold: the figure the catalogue states for the car when it states one, else the
// mild-weather range less the share EVs lose in winter (20–40 %; a Norrland or mountain buyer plans for the deeper end).

const FIGURE = String.raw`(\d+(?:,\d+)?)(?:\s*[–-]\s*\d+(?:,\d+)?)?`;
const COLD = String.raw`(?:vintertid|på vintern|i (?:sträng |vinter)?kyla|i vinterkyla)`;
/** "17 mil vintertid", "8–9 mil i kyla", "nära 9 mil i vinterkyla": the lower figure. */
const FIGURE_THEN_COLD = new RegExp(String.raw`${FIGURE}\s*mil\s+${COLD}`, "iu");
const COLD_THEN_FIGURE = new RegExp(String.raw`${COLD}[^.]*?(?:sjunker|minskar)[^.]*?till (?:runt |omkring |ungefär |cirka )?${FIGURE}\s*mil`, "iu");

const number = (text: string) => Number(text.replace(",", "."));

function statedWinterRangeKm(variant: Variant): number | null {
  if (variant.fuel !== "el") return null;
  const sentences = [...variant.knownFlaws.map(flawText), ...variant.strengths, ...variant.reliabilityNotes];
  const figures = sentences.flatMap((sentence) => {
    const match = FIGURE_THEN_COLD.exec(sentence) ?? COLD_THEN_FIGURE.exec(sentence);
    return match ? [number(match[1]!) * 10] : [];
  });
  return figures.length > 0 ? Math.min(...figures) : null;
}

const WINTER_SHARE = { northern: 0.65, elsewhere: 0.75 } as const;

/** Range in winter, km: stated, else computed from the mild-weather range. Undefined for a car without a battery range. */
export function winterRangeKm(variant: Variant, usage: Pick<Usage, "northern" | "winterNeeds">): number | undefined {
  if (variant.rangeKm === undefined) return undefined;
  const stated = statedWinterRangeKm(variant);
  if (stated !== null) return stated;
  return variant.rangeKm * (usage.northern || usage.winterNeeds ? WINTER_SHARE.northern : WINTER_SHARE.elsewhere);
}
