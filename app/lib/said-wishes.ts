import type { BuyerRequirements, WishKey } from "./requirements";

/** Wishes read into the buyer's words (with them), never shown as theirs; a wish the buyer corrected is theirs. */
export function assumedWishes(req: Pick<BuyerRequirements, "assumedWishes" | "wishes" | "reading">): Map<WishKey, string> {
  const corrected = new Set(req.reading.items.filter((item) => item.source === "buyer").map((item) => item.field));
  const marks = new Map<WishKey, string>();
  for (const { key, quote } of req.assumedWishes) {
    if ((req.wishes[key] ?? 0) > 0 && !corrected.has(`wish.${key}`)) marks.set(key, quote);
  }
  return marks;
}

/** Wishes the buyer stated, the only ones a text may call "dina önskemål": where the reading kept provenance, a quote or a correction. */
export function statedWishes(req: Pick<BuyerRequirements, "assumedWishes" | "wishes" | "reading">): WishKey[] {
  const assumed = assumedWishes(req);
  const items = req.reading.items;
  const said = (key: WishKey) =>
    items.length === 0 || items.some((item) => item.field === `wish.${key}` && (item.source === "buyer" || (item.quote !== null && !item.assumed)));
  return (Object.entries(req.wishes) as [WishKey, number][]).filter(([key, weight]) => weight > 0 && !assumed.has(key) && said(key)).map(([key]) => key);
}
