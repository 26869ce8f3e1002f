import { blocketAdsUrl, blocketFilterParams, type MarketplaceQuery } from "#app/lib/marketplace";

/**
 * Blocket's make/model codes (`variant`), bundled as the starting point. Codes cannot be derived
 * and drift over time, so the adapter prefers the tree it reads from Blocket itself (cached in KV,
 * refreshed daily) and only falls back to this table. Source: the AG live dump of 2026-09-27 in
 * /work/shared/reference/blocket-api.md §1.3 (make codes H, model codes M).
 */

export type VariantNode = {
  /** Blocket's display name, e.g. "XC60" or "V60-Serie". */
  name: string;
  /** `1.<make>.<id>` (model or series) or `2.<make>.<series>.<id>` (model in a series). */
  code: string;
  children: VariantNode[];
};

/** Lower-case, accents and punctuation removed: "ID.4" → "id4", "Škoda" → "skoda". */
export function normaliseVariantName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

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
};

const node = (name: string, code: string, children: VariantNode[] = []): VariantNode => ({ name, code, children });

/** Sample model and series codes per make code (reference §1.3; the tree overrides them). */
export const BUNDLED_MODEL_CODES: Readonly<Record<string, readonly VariantNode[]>> = {
  "0.818": [
    node("XC60", "1.818.2000093"),
    node("XC40", "1.818.2000437"),
    node("XC90", "1.818.7651"),
    node("V70", "1.818.3077"),
    node("EX30", "1.818.2000653"),
    node("V60-Serie", "1.818.2843", [
      node("V60", "2.818.2843.2000172"),
      node("V60 Cross Country", "2.818.2843.2000346"),
    ]),
    node("V90-Serie", "1.818.2839"),
  ],
  "0.817": [
    node("Golf-Serie", "1.817.1433", [node("Golf VII", "2.817.1433.2003579"), node("Golf VIII", "2.817.1433.2003580")]),
    node("Passat-Serie", "1.817.2835", [node("Passat", "2.817.2835.1437")]),
    node("Tiguan-Serie", "1.817.2834"),
    node("ID.4", "1.817.8392"),
    node("ID.3", "1.817.8376"),
  ],
  "0.813": [node("RAV4", "1.813.3074"), node("Corolla", "1.813.1389"), node("Yaris-Serie", "1.813.2818")],
  "0.8078": [node("Model 3", "1.8078.2000501"), node("Model Y", "1.8078.2000555"), node("Model S", "1.8078.2000138")],
  "0.749": [
    node("3-Serie", "1.749.2132", [node("320d", "2.749.2132.2001255")]),
    node("X-Serie", "1.749.2466", [node("X5", "2.749.2466.6737")]),
  ],
  "0.744": [node("A4-Serie", "1.744.2486", [node("A4", "2.744.2486.839")]), node("Q4-Serie", "1.744.3568")],
  "0.777": [node("Niro-Serie", "1.777.2679"), node("Sportage", "1.777.1119"), node("EV6", "1.777.8300")],
  "0.808": [node("Octavia-Serie", "1.808.2788")],
  "0.785": [node("C-Klass", "1.785.3776")],
  "0.8102": [node("2", "1.8102.8370")],
};

/** The make code for a make name, from the bundled table (make codes are stable, H). */
export function bundledMakeCode(make: string): string | undefined {
  const key = normaliseVariantName(make);
  const wanted = MAKE_ALIASES[key] ?? key;
  for (const [name, code] of Object.entries(BUNDLED_MAKE_CODES)) {
    if (normaliseVariantName(name) === wanted) return code;
  }
  return undefined;
}

const stripSeries = (name: string) => normaliseVariantName(name.replace(/[-\s]*serien?$/i, ""));

/**
 * The code for a model name within one make's tree. Exact names first (a standalone model, then
 * a model inside a series: "V60" → only V60, not V60 Cross Country), then a series by its base
 * name ("Golf" → Golf-Serie, which covers every Golf generation).
 */
export function findModelCode(models: readonly VariantNode[], model: string): string | undefined {
  const key = normaliseVariantName(model);
  if (key === "") return undefined;
  const exact = models.find((item) => normaliseVariantName(item.name) === key);
  if (exact) return exact.code;
  for (const item of models) {
    const child = item.children.find((candidate) => normaliseVariantName(candidate.name) === key);
    if (child) return child.code;
  }
  return models.find((item) => stripSeries(item.name) === stripSeries(model))?.code;
}

/**
 * Blocket's search page for a query from the bundled codes alone (no I/O): for demo results and
 * for lookups that failed before Blocket told us anything.
 */
export function bundledAdsUrl(query: MarketplaceQuery): string {
  const makeCode = bundledMakeCode(query.make);
  const modelCode = makeCode ? findModelCode(BUNDLED_MODEL_CODES[makeCode] ?? [], query.model) : undefined;
  if (modelCode) return blocketAdsUrl(blocketFilterParams(query, { variants: [modelCode] }));
  if (makeCode) return blocketAdsUrl(blocketFilterParams(query, { variants: [makeCode], text: query.model }));
  return blocketAdsUrl(blocketFilterParams(query, { text: `${query.make} ${query.model}` }));
}
