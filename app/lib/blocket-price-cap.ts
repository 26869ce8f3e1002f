// Apart from marketplace.ts so the failure copy can name the figure without an import cycle.

/**
 * One public source says Blocket's price filter runs to 700 000 kr and clamps higher values, so a
 * window past it is sent without its top and counted by us (docs/marketplace.md).
 */
export const BLOCKET_PRICE_FILTER_CAP = 700_000;

export function priceWindowPastCap(query: { minPrice?: number | undefined; maxPrice?: number | undefined }): boolean {
  return (query.maxPrice ?? 0) > BLOCKET_PRICE_FILTER_CAP || (query.minPrice ?? 0) > BLOCKET_PRICE_FILTER_CAP;
}
