import { blocketAdsUrl, blocketFilterParams, type MarketplaceQuery } from "#app/lib/marketplace";
import { baseModelName, findModelCodes, normaliseVariantName, type VariantNode } from "./blocket-model-names.server";
import { BUNDLED_TREE } from "./blocket-variant-tree.data";

// Codes cannot be derived and drift, so the tree read from Blocket (KV, refreshed daily) wins; these come from the live dump of 2026-09-27.

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
  // From the same dump; the catalogue has the D-Max.
  Isuzu: "0.7179",
};

export const BUNDLED_MODEL_CODES: Readonly<Record<string, readonly VariantNode[]>> = BUNDLED_TREE;

export function bundledMakeCode(make: string): string | undefined {
  const key = normaliseVariantName(make);
  const wanted = MAKE_ALIASES[key] ?? key;
  for (const [name, code] of Object.entries(BUNDLED_MAKE_CODES)) {
    if (normaliseVariantName(name) === wanted) return code;
  }
  return undefined;
}

/** No I/O: for demo results and lookups that failed before Blocket answered. */
export function bundledAdsUrl(query: MarketplaceQuery): string {
  const makeCode = bundledMakeCode(query.make);
  const codes = makeCode ? findModelCodes(BUNDLED_MODEL_CODES[makeCode] ?? [], query.model, modelOptions(query)) : undefined;
  if (codes) return blocketAdsUrl(blocketFilterParams(query, { variants: codes }));
  const base = baseModelName(query.model, query.make);
  if (makeCode) return blocketAdsUrl(blocketFilterParams(query, { variants: [makeCode], text: base }));
  return blocketAdsUrl(blocketFilterParams(query, { text: `${query.make} ${base}` }));
}

export function modelOptions(query: MarketplaceQuery): { make: string; fuel?: MarketplaceQuery["fuel"] } {
  return query.fuel ? { make: query.make, fuel: query.fuel } : { make: query.make };
}
