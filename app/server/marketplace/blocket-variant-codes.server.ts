import { blocketAdsUrl, blocketFilterParams, type MarketplaceQuery } from "#app/lib/marketplace";
import { baseModelName, findModelCodes, normaliseVariantName, type VariantNode } from "./blocket-model-names.server";
import { BUNDLED_TREE } from "./blocket-variant-tree.data";

/**
 * Blocket's make/model codes (`variant`), bundled as the starting point. Codes cannot be derived
 * and drift over time, so the adapter prefers the tree it reads from Blocket itself (cached in KV,
 * refreshed daily) and only falls back to these. Make codes: the live dump of 2026-09-27; the
 * models of the makes our catalogue uses: blocket-variant-tree.data.ts (same dump).
 */

export { normaliseVariantName, type VariantNode };

const MAKE_ALIASES: Record<string, string> = {
  vw: "volkswagen",
  mercedes: "mercedesbenz",
};

export const BUNDLED_MAKE_CODES: Readonly<Record<string, string>> = {
  Volvo: "0.818",
  Volkswagen: "0.817",
  Toyota: "0.813",
  BMW: "0.749",
  Audi: "0.744",
  "Mercedes-Benz": "0.785",
  Kia: "0.777",
  Skoda: "0.808",
  Ford: "0.767",
  Tesla: "0.8078",
  Peugeot: "0.796",
  Renault: "0.804",
  Hyundai: "0.772",
  Nissan: "0.792",
  Opel: "0.795",
  Seat: "0.807",
  Cupra: "0.8106",
  Polestar: "0.8102",
  MG: "0.786",
  BYD: "0.8101",
  Citroen: "0.757",
  Mazda: "0.784",
  Dacia: "0.8079",
  Fiat: "0.766",
  Mitsubishi: "0.787",
  Subaru: "0.810",
  Lexus: "0.782",
  Porsche: "0.801",
  "Land Rover": "0.781",
  Honda: "0.771",
  Saab: "0.806",
  Suzuki: "0.811",
  MINI: "0.7147",
  Jeep: "0.776",
  Chevrolet: "0.753",
  Dodge: "0.764",
  Jaguar: "0.775",
  "Alfa Romeo": "0.3233",
  DS: "0.8091",
  Smart: "0.7137",
  "Lynk & Co": "0.200769",
  XPeng: "0.8104",
  Zeekr: "0.200841",
  NIO: "0.8109",
  Leapmotor: "0.2176",
  KGM: "0.2000649",
  SsangYong: "0.7190",
  Maxus: "0.8096",
  Alpine: "0.824",
  Omoda: "0.1720",
  // Not in the reference's make table, but in the same dump; the catalogue has the D-Max.
  Isuzu: "0.7179",
};

/** Models and series per make code (the tree read from Blocket overrides them). */
export const BUNDLED_MODEL_CODES: Readonly<Record<string, readonly VariantNode[]>> = BUNDLED_TREE;

/** The make code for a make name, from the bundled table (make codes are stable, H). */
export function bundledMakeCode(make: string): string | undefined {
  const key = normaliseVariantName(make);
  const wanted = MAKE_ALIASES[key] ?? key;
  for (const [name, code] of Object.entries(BUNDLED_MAKE_CODES)) {
    if (normaliseVariantName(name) === wanted) return code;
  }
  return undefined;
}

/**
 * Blocket's search page for a query from the bundled codes alone (no I/O): for demo results and
 * for lookups that failed before Blocket told us anything.
 */
export function bundledAdsUrl(query: MarketplaceQuery): string {
  const makeCode = bundledMakeCode(query.make);
  const codes = makeCode ? findModelCodes(BUNDLED_MODEL_CODES[makeCode] ?? [], query.model, modelOptions(query)) : undefined;
  if (codes) return blocketAdsUrl(blocketFilterParams(query, { variants: codes }));
  const base = baseModelName(query.model, query.make);
  if (makeCode) return blocketAdsUrl(blocketFilterParams(query, { variants: [makeCode], text: base }));
  return blocketAdsUrl(blocketFilterParams(query, { text: `${query.make} ${base}` }));
}

/** What the resolver needs from a query besides the model name. */
export function modelOptions(query: MarketplaceQuery): { make: string; fuel?: MarketplaceQuery["fuel"] } {
  return query.fuel ? { make: query.make, fuel: query.fuel } : { make: query.make };
}
