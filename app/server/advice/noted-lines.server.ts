import type { NotedView } from "#app/lib/reading-items";
import { type BuyerRequirements, NOTED_WEIGHED_MARK, type NotedItem } from "#app/lib/requirements";
import { weighsNoted } from "./situation.server";

const ALLOWANCE = /^(Går bra|Inget krav): /u;

function line(item: NotedItem, weighed: boolean): string {
  const allowance = ALLOWANCE.exec(item.text);
  // "Går bra: diesel går bra": the buyer's words already say it; the note only keeps the fuel in the search.
  if (allowance) return `”${item.quote ?? item.text.slice(allowance[0].length)}” (${allowance[1] === "Går bra" ? "utesluts inte" : "inget krav"})`;
  if (weighed) return `${item.text} ${NOTED_WEIGHED_MARK}`;
  return item.steers ? `${item.text} (läst som krav eller önskemål ovan)` : item.text;
}

export function notedLines(req: BuyerRequirements): string[] {
  const weighs = weighsNoted(req);
  const byText = new Map<string, NotedItem[]>();
  for (const item of req.noted) byText.set(item.text, [...(byText.get(item.text) ?? []), item]);
  return [...byText.values()].map((items) => {
    const first = items.find((item) => item.steers) ?? items[0]!;
    return line(first, items.some(weighs));
  });
}

export function notedViews(req: BuyerRequirements): NotedView[] {
  const weighs = weighsNoted(req);
  return req.noted.map((item) => (weighs(item) ? { ...item, weighed: true } : item));
}
