import type { NotedView } from "#app/lib/reading-items";
import { type BuyerRequirements, NOTED_WEIGHED_MARK, type NotedItem, type WishKey } from "#app/lib/requirements";
import { statedWishes } from "#app/lib/said-wishes";
import { weighsNoted } from "./situation.server";

const ALLOWANCE = /^(Går bra|Inget krav): /u;
const LEAD = /^(Gärna|Inte|Helst inte|Inget krav): /u;

type Above = { req: BuyerRequirements; wished: ReadonlySet<WishKey> };

const space = ({ wished }: Above) => wished.has("space");
// An assumption is shown as ours and a winter reading is no heater: only these cover a note.
const COVERED_BY: Record<string, (above: Above) => boolean> = {
  "sju säten": ({ req }) => (req.hard.minSeats ?? 0) >= 7,
  motorvärmare: ({ wished }) => wished.has("parkingHeater"),
  "kallstart i kyla": ({ wished }) => wished.has("parkingHeater"),
  hund: space,
  barnvagn: space,
  "långt gods (skivor, reglar, plank)": space,
  "plats för verktyg": space,
  "plats för skidor": space,
  "skidbox / takbox": space,
  "lätt att kliva i och ur": ({ wished }) => wished.has("highSeating"),
  skogsvägar: ({ req, wished }) => wished.has("groundClearance") || wished.has("awd") || req.hard.awd,
  "Euro NCAP": ({ wished }) => wished.has("safety"),
  turbo: ({ req, wished }) => wished.has("sporty") || req.hard.minPowerHp !== undefined,
  "stor bil": ({ req, wished }) => req.hard.sizes.length > 0 || wished.has("cityFriendly"),
  "liten bil": ({ req, wished }) => req.hard.sizes.length > 0 || wished.has("space"),
};

function coveredAbove(item: NotedItem, above: Above): boolean {
  if (!item.steers) return false;
  const label = item.text.replace(LEAD, "");
  return COVERED_BY[label]?.(above) ?? false;
}

const weighedModel = (item: NotedItem) => item.steers && item.text.startsWith("Modell: ");

function line(item: NotedItem, weighed: boolean, covered: boolean): string {
  const allowance = ALLOWANCE.exec(item.text);
  // "Går bra: diesel går bra": the buyer's words already say it; the note only keeps the fuel in the search.
  if (allowance) return `”${item.quote ?? item.text.slice(allowance[0].length)}” (${allowance[1] === "Går bra" ? "utesluts inte" : "inget krav"})`;
  if (weighed) return `${item.text} ${NOTED_WEIGHED_MARK}`;
  return covered ? `${item.text} (läst som krav eller önskemål ovan)` : item.text;
}

function judge(req: BuyerRequirements) {
  const weighs = weighsNoted(req);
  const above: Above = { req, wished: new Set(statedWishes(req)) };
  return { weighed: (item: NotedItem) => weighs(item) || weighedModel(item), covered: (item: NotedItem) => coveredAbove(item, above) };
}

export function notedLines(req: BuyerRequirements): string[] {
  const { weighed, covered } = judge(req);
  const byText = new Map<string, NotedItem[]>();
  for (const item of req.noted) byText.set(item.text, [...(byText.get(item.text) ?? []), item]);
  return [...byText.values()].map((items) => {
    const first = items.find(covered) ?? items.find((item) => item.steers) ?? items[0]!;
    return line(first, items.some(weighed), items.some(covered));
  });
}

export function notedViews(req: BuyerRequirements): NotedView[] {
  const { weighed, covered } = judge(req);
  return req.noted.map((item) => (weighed(item) ? { ...item, weighed: true } : { ...item, steers: covered(item) }));
}
