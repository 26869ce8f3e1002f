/**
 * The fake Blocket's inventory and search (test/fakes/blocket.ts serves it over HTTP): a small
 * deterministic set of ads, the `filters[name=variant]` tree and `selected_filters` the way the
 * live API answers them. Codes are Blocket's
 * real ones from the 2026-09-27 dump where a model exists there. Plain Node, no dependencies.
 */

export const FAKE_SEARCH_PATH = "/mobility/search/api/search/SEARCH_ID_CAR_USED";

// Inventory. ES90 is in Blocket's tree but not in our bundled table (so the adapter must read the
// tree); V70 and P1800 have ads but no node in the tree (drift). The Golf-Serie carries the real
// generation children (most without ads here), so "Golf" resolves to several codes as in production.

type Model = {
  make: string;
  makeCode: string;
  name: string;
  /** Level-1 code (model or series). */
  code: string;
  /** Level-2 model inside a series. */
  series?: { name: string; code: string };
  inTree: boolean;
  ads: number;
  price: number;
  firstYear: number;
  fuel: string;
  /** Blocket's wheel_drive code of every ad, or "mixed" (AWD and FWD ads). */
  drive?: "1" | "2" | "3" | "mixed";
  /** Blocket's body_type code of its ads. */
  body?: string;
};

const V60 = { name: "V60-Serie", code: "1.818.2843" };

/** The Golf-Serie's children: name, model id, ads. */
function golf(children: [string, string, number][]): Model[] {
  return children.map(([name, id, ads], i) =>
    m("Volkswagen", "0.817", name, `2.817.1433.${id}`, ads, 150_000 + i * 10_000, 2010 + (i % 10), "Bensin", {
      series: { name: "Golf-Serie", code: "1.817.1433" },
    }),
  );
}

const m = (
  make: string,
  makeCode: string,
  name: string,
  code: string,
  ads: number,
  price: number,
  firstYear: number,
  fuel: string,
  extra: Partial<Model> = {},
): Model => ({
  make,
  makeCode,
  name,
  code,
  ads,
  price,
  firstYear,
  fuel,
  inTree: true,
  ...extra,
});

const FAKE_MODELS: readonly Model[] = [
  m("Volvo", "0.818", "XC60", "1.818.2000093", 8, 420_000, 2017, "Hybrid bensin", { drive: "2", body: "9" }),
  m("Volvo", "0.818", "XC40", "1.818.2000437", 4, 330_000, 2019, "Bensin", { drive: "mixed", body: "9" }),
  m("Volvo", "0.818", "XC90", "1.818.7651", 2, 520_000, 2016, "Diesel", { drive: "2", body: "9" }),
  m("Volvo", "0.818", "EX30", "1.818.2000653", 1, 360_000, 2024, "El"),
  m("Volvo", "0.818", "V60", "2.818.2843.2000172", 7, 300_000, 2016, "Diesel", { series: V60, drive: "mixed", body: "4" }),
  m("Volvo", "0.818", "V60 Cross Country", "2.818.2843.2000346", 2, 340_000, 2017, "Diesel", { series: V60, drive: "2", body: "4" }),
  m("Volvo", "0.818", "EX90", "1.818.2003622", 3, 900_000, 2025, "El"),
  m("Volvo", "0.818", "ES90", "1.818.1375", 2, 950_000, 2025, "El"),
  m("Volvo", "0.818", "V70", "1.818.3077", 3, 90_000, 2008, "Diesel", { inTree: false }),
  m("Volvo", "0.818", "P1800", "1.818.9999999", 2, 450_000, 1966, "Bensin", { inTree: false }),
  m("Toyota", "0.813", "RAV4", "1.813.3074", 6, 340_000, 2018, "Hybrid bensin"),
  m("Toyota", "0.813", "Corolla", "1.813.1389", 5, 230_000, 2019, "Hybrid bensin"),
  m("Tesla", "0.8078", "Model 3", "1.8078.2000501", 12, 300_000, 2019, "El"),
  m("Tesla", "0.8078", "Model Y", "1.8078.2000555", 0, 420_000, 2021, "El"),
  ...golf([
    ["e-Golf VII", "2003566", 0],
    ["Golf Alltrack", "2000331", 1],
    ["Golf I", "2003571", 0],
    ["Golf II", "2003572", 0],
    ["Golf III", "2003574", 0],
    ["Golf IV", "2003575", 0],
    ["Golf Plus", "2000235", 1],
    ["Golf Plus Cross", "2003576", 0],
    ["Golf Sportsvan", "2000297", 2],
    ["Golf V", "2003577", 0],
    ["Golf VI", "2003578", 2],
    ["Golf VII", "2003579", 3],
    ["Golf VIII", "2003580", 4],
  ]),
  m("Volkswagen", "0.817", "Passat", "2.817.2835.1437", 3, 220_000, 2015, "Diesel", { series: { name: "Passat-Serie", code: "1.817.2835" } }),
  m("Saab", "0.806", "9-3", "1.806.3224", 2, 60_000, 2006, "Bensin"),
];

const PLACES = ["Linköping", "Umeå", "Stockholm", "Göteborg", "Malmö", "Uppsala", "Örebro", "Gävle", "Luleå", "Växjö"];

/** What a real ad holds but the search answer does not carry: its equipment, drive and body. */
type Hidden = { towbar: boolean; drive: string; body: string };

type Doc = Record<string, unknown> & {
  id: string;
  year: number;
  mileage: number;
  price: { amount: number } & Record<string, unknown>;
  dealer_segment: string;
  sales_form: number;
  timestamp: number;
  heading: string;
  model: string;
};

type Match = { model: Model; doc: Doc; hidden: Hidden };

function docsFor(model: Model): Match[] {
  const out: Match[] = [];
  const numeric = model.code.replace(/\D/g, "").slice(-5);
  for (let i = 0; i < model.ads; i++) {
    const year = Math.min(2026, model.firstYear + (i % 6));
    const age = Math.max(1, 2026 - year);
    const id = `3${numeric}${String(i).padStart(2, "0")}`;
    // Every other ad has a towbar in its equipment; half of those say so in the title too.
    const towbar = i % 2 === 1;
    const titleSaysDrag = towbar && i % 4 === 3;
    const drive = model.drive === "mixed" ? (i % 2 === 0 ? "2" : "3") : (model.drive ?? "3");
    out.push({
      model,
      hidden: { towbar, drive, body: model.body ?? "2" },
      doc: {
        type: "motor",
        id,
        ad_id: Number(id),
        main_search_key: "SEARCH_ID_CAR_USED",
        heading: titleSaysDrag ? `${model.make} ${model.name} Drag` : `${model.make} ${model.name}`,
        make: model.make,
        ...(model.series ? { series: model.series.name } : {}),
        model: model.name,
        model_specification: i % 2 === 0 ? "Momentum" : "Plus",
        year,
        mileage: Math.min(40_000, age * 1_200 + i * 137),
        mileage_unit: "SCANDINAVIAN_MILE",
        price: { amount: Math.max(15_000, Math.round((model.price * 0.87 ** Math.min(age, 15)) / 1000) * 1000 - 100), currency_code: "SEK", price_unit: "kr" },
        fuel: model.fuel,
        transmission: i % 3 === 2 ? "Manuell" : "Automatisk",
        dealer_segment: i % 2 === 0 ? "Företag" : "Privat",
        location: PLACES[(i + numeric.length) % PLACES.length] ?? "Stockholm",
        coordinates: { lat: 58.41, lon: 15.62, accuracy: 5 },
        canonical_url: `https://www.blocket.se/mobility/item/${id}`,
        image: {
          url: `https://images.blocketcdn.se/dynamic/default/item/${id}/0b7d3c1e-1111-4a2b-9c3d-${id.padStart(12, "0")}`,
          width: 1600,
          height: 1200,
          aspect_ratio: 1.333,
        },
        timestamp: 1_790_000_000_000 - i * 3_600_000 - numeric.length,
        sales_form: 1,
      },
    });
  }
  if (model.name === "XC60") {
    // A leasing ad (monthly price) that only shows when sales_form is not sent (§4 pitfall 2).
    out.push({
      model,
      hidden: { towbar: false, drive: "2", body: "9" },
      doc: {
        id: "30000003",
        ad_id: 30000003,
        heading: "Volvo XC60 - Privatleasing",
        make: "Volvo",
        model: "XC60",
        year: 2026,
        mileage: 10,
        mileage_unit: "SCANDINAVIAN_MILE",
        price: { amount: 6495, currency_code: "SEK", price_unit: "kr" },
        fuel: "Plug-in Bensin",
        transmission: "Automatisk",
        dealer_segment: "Företag",
        location: "Stockholm",
        canonical_url: "https://www.blocket.se/mobility/item/30000003",
        timestamp: 1_790_000_500_000,
        sales_form: 5,
      },
    });
  }
  return out;
}

const INVENTORY = FAKE_MODELS.flatMap(docsFor).sort((a, b) => b.doc.timestamp - a.doc.timestamp);

/** Codes a doc answers to: make, level-1 (model or series), level-2. */
function codesOf(model: Model): string[] {
  return [model.makeCode, model.code, ...(model.series ? [model.series.code] : [])];
}

const KNOWN_CODES = new Set(FAKE_MODELS.filter((model) => model.inTree).flatMap(codesOf));
const MAKE_NAMES = new Map(FAKE_MODELS.map((model) => [model.makeCode, model.make]));

export function displayNameOf(code: string): string {
  if (MAKE_NAMES.has(code)) return MAKE_NAMES.get(code) ?? code;
  const model = FAKE_MODELS.find((candidate) => candidate.inTree && (candidate.code === code || candidate.series?.code === code));
  if (!model) return code;
  return model.code === code ? model.name : (model.series?.name ?? code);
}

type TreeItem = { name: "variant"; display_name: string; value: string; hits: number; selected: boolean; filter_items: TreeItem[] };

/** `filters[name=variant]`: makes; a selected make lists its models; a selected model only itself. */
function variantTree(selected: string[], matches: { model: Model }[]): TreeItem[] {
  const hits = (predicate: (model: Model) => boolean) => matches.filter((match) => predicate(match.model)).length;
  const makes = [...MAKE_NAMES.entries()];
  return makes.map(([makeCode, make]) => {
    const models = FAKE_MODELS.filter((model) => model.makeCode === makeCode && model.inTree);
    let children: TreeItem[] = [];
    if (selected.includes(makeCode)) {
      const level1 = new Map<string, TreeItem>();
      for (const model of models) {
        const parentCode = model.series?.code ?? model.code;
        let parent = level1.get(parentCode);
        if (!parent) {
          parent = {
            name: "variant",
            display_name: model.series?.name ?? model.name,
            value: parentCode,
            hits: hits((candidate) => candidate.code === parentCode || candidate.series?.code === parentCode),
            selected: false,
            filter_items: [],
          };
          level1.set(parentCode, parent);
        }
        if (model.series) {
          parent.filter_items.push({
            name: "variant",
            display_name: model.name,
            value: model.code,
            hits: hits((candidate) => candidate === model),
            selected: false,
            filter_items: [],
          });
        }
      }
      children = [...level1.values()];
    } else {
      children = models
        .filter((model) => selected.includes(model.code) || (model.series && selected.includes(model.series.code)))
        .map((model) => ({
          name: "variant",
          display_name: model.name,
          value: model.code,
          hits: hits((candidate) => candidate === model),
          selected: true,
          filter_items: [],
        }));
    }
    return {
      name: "variant",
      display_name: make,
      value: makeCode,
      hits: hits((model) => model.makeCode === makeCode),
      selected: selected.includes(makeCode),
      filter_items: children,
    };
  });
}

const DEALER_SEGMENTS: Record<string, string> = { "2": "Företag", "3": "Privat" };
const FUEL_CODES: Record<string, string> = {
  Bensin: "1",
  Diesel: "2",
  El: "4",
  "Hybrid bensin": "6",
  "Hybrid diesel": "8",
  "Plug-in Bensin": "1352",
  "Plug-in diesel": "1356",
};
const TRANSMISSION_CODES: Record<string, string> = { Manuell: "1", Automatisk: "2" };
const TOWBAR = "23";

/** Parameters the fake applies (and echoes in `selected_filters`), besides variant/sales_form/dealer_segment. */
const APPLIED = [
  "price_from",
  "price_to",
  "year_from",
  "year_to",
  "mileage_from",
  "mileage_to",
  "fuel",
  "wheel_drive",
  "transmission",
  "body_type",
  "car_equipment",
];

/**
 * How this Blocket treats filters. "lenient" plays a Blocket that silently drops year, mileage and
 * equipment filters (reference §4: unknown parameters are ignored, not refused): it neither
 * applies nor echoes them, so out-of-window ads and ads without a towbar come back.
 */
export type SearchBehaviour = { ignore?: readonly string[]; priceCap?: number };
export const LENIENT: SearchBehaviour = { ignore: ["year_from", "year_to", "mileage_from", "mileage_to", "car_equipment"] };
/**
 * "price-cap" plays the one public report (reference §1.2) that Blocket's price filter runs to
 * 700 000 kr and clamps higher values: `price_from`/`price_to` above it are applied as 700 000,
 * while `selected_filters` echoes what was sent, so the answer looks applied.
 */
export const PRICE_CAP: SearchBehaviour = { priceCap: 700_000 };

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value === null || value === "" || Number.isNaN(Number(value)) ? undefined : Number(value);
}

/** The search the real API would run, per the reference. */
export function search(params: URLSearchParams, behaviour: SearchBehaviour = {}): Record<string, unknown> {
  const ignored = new Set(behaviour.ignore ?? []);
  const values = (name: string) => (ignored.has(name) ? [] : params.getAll(name));
  const variants = params.getAll("variant");
  const unknownVariant = variants.some((code) => !KNOWN_CODES.has(code));
  const salesForms = params.getAll("sales_form").map(Number);
  const segments = params
    .getAll("dealer_segment")
    .map((code) => DEALER_SEGMENTS[code])
    .filter(Boolean);
  const q = params.get("q")?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const number = (name: string) => (ignored.has(name) ? undefined : numberParam(params, name));
  const clamp = (value: number | undefined) => (value === undefined || behaviour.priceCap === undefined ? value : Math.min(value, behaviour.priceCap));
  const priceFrom = clamp(number("price_from"));
  const priceTo = clamp(number("price_to"));
  const yearFrom = number("year_from");
  const yearTo = number("year_to");
  const mileageFrom = number("mileage_from");
  const mileageTo = number("mileage_to");
  const fuels = values("fuel");
  const drives = values("wheel_drive");
  const transmissions = values("transmission");
  const bodies = values("body_type");
  // Repeated equipment values are ANDed (reference §1.2); the fake knows only the towbar.
  const equipment = values("car_equipment");

  const matches = INVENTORY.filter(({ model, doc, hidden }) => {
    // An unknown code is echoed raw and does not filter at all (reference §4).
    if (variants.length > 0 && !unknownVariant && !codesOf(model).some((code) => variants.includes(code))) return false;
    if (variants.length === 0 && q.length > 0 && !q.some((token) => doc.heading.toLowerCase().includes(token))) return false;
    if (salesForms.length > 0 && !salesForms.includes(doc.sales_form)) return false;
    if (segments.length > 0 && !segments.includes(doc.dealer_segment)) return false;
    if (priceFrom !== undefined && doc.price.amount < priceFrom) return false;
    if (priceTo !== undefined && doc.price.amount > priceTo) return false;
    if (yearFrom !== undefined && doc.year < yearFrom) return false;
    if (yearTo !== undefined && doc.year > yearTo) return false;
    if (mileageFrom !== undefined && doc.mileage < mileageFrom) return false;
    if (mileageTo !== undefined && doc.mileage > mileageTo) return false;
    if (fuels.length > 0 && !fuels.includes(FUEL_CODES[String(doc.fuel)] ?? "")) return false;
    if (drives.length > 0 && !drives.includes(hidden.drive)) return false;
    if (transmissions.length > 0 && !transmissions.includes(TRANSMISSION_CODES[String(doc.transmission)] ?? "")) return false;
    if (bodies.length > 0 && !bodies.includes(hidden.body)) return false;
    if (equipment.includes(TOWBAR) && !hidden.towbar) return false;
    return true;
  });
  const page = Math.max(1, numberParam(params, "page") ?? 1);
  const last = Math.max(1, Math.min(50, Math.ceil(matches.length / 50)));
  const docs = matches.slice((page - 1) * 50, page * 50).map((match) => match.doc);
  const matchCount = unknownVariant ? 144_000 : matches.length;

  const selected = [
    ...variants.map((code) => ({
      filter_name: "variant",
      display_name: displayNameOf(code),
      parameters: [{ parameter_name: "variant", parameter_value: code }],
    })),
    ...params.getAll("sales_form").map((value) => ({
      filter_name: "sales_form",
      display_name: value === "1" ? "Begagnad" : value,
      parameters: [{ parameter_name: "sales_form", parameter_value: value }],
    })),
    ...params.getAll("dealer_segment").map((value) => ({
      filter_name: "dealer_segment",
      display_name: DEALER_SEGMENTS[value] ?? value,
      parameters: [{ parameter_name: "dealer_segment", parameter_value: value }],
    })),
    ...APPLIED.filter((name) => !ignored.has(name) && params.has(name)).map((name) => ({
      filter_name: name.replace(/_(from|to)$/, ""),
      display_name: name,
      parameters: params.getAll(name).map((value) => ({ parameter_name: name, parameter_value: value })),
    })),
  ];
  return {
    docs,
    filters: [
      { name: "variant", display_name: "Märke och modell", type: "STANDARD_FILTER", filter_items: variantTree(variants, matches) },
      {
        name: "mileage",
        display_name: "Miltal",
        type: "RANGE_FILTER",
        min_value: 0,
        max_value: 20000,
        step: 500,
        unit: "mil",
        name_from: "mileage_from",
        name_to: "mileage_to",
        filter_items: [],
      },
    ],
    metadata: {
      search_key: "SEARCH_ID_CAR_USED",
      sort: params.get("sort") ?? "PUBLISHED_DESC",
      num_results: docs.length,
      result_size: { match_count: matchCount, group_count: matchCount },
      paging: { param: "page", current: page, last },
      is_end_of_paging: page >= last,
      selected_filters: selected,
      uuid: "00000000-0000-4000-8000-000000000001",
      timestamp: 1_790_000_100_000,
    },
  };
}

export function partial(params: URLSearchParams): Record<string, unknown> {
  const variants = params.getAll("variant");
  return {
    docs: [
      { id: "30000010", heading: "Saab 9-3", year: 2008, mileage: null, location: "Gävle" },
      {
        id: "30000011",
        ad_id: 30000011,
        heading: "Tesla Model 3 Long Range",
        model: "Model 3",
        year: 2022,
        mileage: 42000,
        mileage_unit: "KILOMETER",
        price: { amount: "289 900", currency_code: "SEK" },
        canonical_url: "https://www.blocket.se/mobility/item/30000011",
      },
      "not-an-object",
    ],
    metadata: {
      paging: { current: 1 },
      selected_filters: variants.map((code) => ({
        filter_name: "variant",
        display_name: displayNameOf(code),
        parameters: [{ parameter_name: "variant", parameter_value: code }],
      })),
    },
  };
}

/** Make codes from the reference's table (§1.3), for the "around" mode's headings. */
const MAKE_CODES: Record<string, string> = {
  "0.818": "Volvo",
  "0.817": "Volkswagen",
  "0.813": "Toyota",
  "0.749": "BMW",
  "0.744": "Audi",
  "0.785": "Mercedes-Benz",
  "0.777": "Kia",
  "0.808": "Skoda",
  "0.767": "Ford",
  "0.8078": "Tesla",
  "0.796": "Peugeot",
  "0.804": "Renault",
  "0.772": "Hyundai",
  "0.792": "Nissan",
  "0.795": "Opel",
  "0.807": "Seat",
  "0.8110": "Cupra",
  "0.8102": "Polestar",
  "0.784": "Mazda",
  "0.810": "Subaru",
  "0.787": "Mitsubishi",
  "0.8079": "Dacia",
  "0.806": "Saab",
  "0.811": "Suzuki",
};
const FUEL_LABELS = Object.fromEntries(Object.entries(FUEL_CODES).map(([label, code]) => [code, label]));
const TRANSMISSION_LABELS: Record<string, string> = { "1": "Manuell", "2": "Automatisk" };

/**
 * A lenient Blocket around any car (the "around" mode, for end-to-end runs over the whole
 * catalogue): a model-code search is answered as if the code had drifted (echoed raw), and the
 * make search with the model as text gets six ads built around the request's own window, of which
 * three lie outside the years or mileage asked for (their filters dropped, as in LENIENT) and one
 * of the three inside says "Drag" in its title. Price, fuel, gearbox, drive and seller are honoured.
 * With `listedLater` two ads published since come first (sorted newest first, as Blocket does): one
 * inside the window, with "Drag" in its title, and one in the top 3 % of the asked price range, which
 * for a watch's query (its ceiling 15 % above the window) lies above the window.
 */
export function around(params: URLSearchParams, { listedLater = false }: { listedLater?: boolean } = {}): Record<string, unknown> {
  const variants = params.getAll("variant");
  const makeCode = variants.find((code) => MAKE_CODES[code] !== undefined);
  const model = params.get("q");
  const echoVariants = variants.map((code) => ({
    filter_name: "variant",
    display_name: MAKE_CODES[code] ?? code,
    parameters: [{ parameter_name: "variant", parameter_value: code }],
  }));
  const empty = (count: number) => ({ docs: [], filters: [], metadata: { result_size: { match_count: count }, selected_filters: echoVariants } });
  if (!makeCode || !model) return empty(144_000);
  const make = MAKE_CODES[makeCode] ?? "Bil";
  const num = (name: string, fallback: number) => numberParam(params, name) ?? fallback;
  const yearTo = num("year_to", 2022);
  const yearFrom = num("year_from", yearTo - 2);
  const mileageTo = num("mileage_to", 15_000);
  const priceTo = num("price_to", 300_000);
  const priceFrom = num("price_from", Math.round(priceTo * 0.6));
  const fuel = FUEL_LABELS[params.get("fuel") ?? ""] ?? "Bensin";
  const transmission = TRANSMISSION_LABELS[params.get("transmission") ?? ""] ?? "Automatisk";
  const seller = DEALER_SEGMENTS[params.get("dealer_segment") ?? ""];
  const seed = [...model].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 100_000, 7);
  const price = (share: number) => Math.round((priceFrom + (priceTo - priceFrom) * share) / 100) * 100;
  type Shape = { year: number; mileage: number; price: number; drag: boolean };
  const later: Shape[] = [
    { year: yearTo, mileage: Math.round(mileageTo * 0.4), price: price(0.3), drag: true },
    { year: yearTo, mileage: Math.round(mileageTo * 0.4), price: price(0.97), drag: true },
  ];
  const shapes: Shape[] = [
    { year: yearTo, mileage: Math.round(mileageTo * 0.5), price: price(0.8), drag: true },
    { year: yearFrom, mileage: Math.round(mileageTo * 0.8), price: price(0.2), drag: false },
    { year: Math.min(yearTo, yearFrom + 1), mileage: Math.round(mileageTo * 0.3), price: price(0.5), drag: false },
    { year: yearFrom - 2, mileage: Math.round(mileageTo * 0.9), price: price(0.1), drag: true },
    { year: yearTo + 1, mileage: Math.round(mileageTo * 0.2), price: price(0.95), drag: false },
    { year: yearFrom, mileage: mileageTo + 2_500, price: price(0.05), drag: false },
  ];
  // The ads listed at first keep their ids and times whatever was published since.
  const published = [
    ...(listedLater ? later.map((shape, i) => ({ shape, i: shapes.length + i, id: `5${String(seed).padStart(5, "0")}${i}`, hoursAgo: i - later.length })) : []),
    ...shapes.map((shape, i) => ({ shape, i, id: `4${String(seed).padStart(5, "0")}${i}`, hoursAgo: i })),
  ];
  const docs = published.map(({ shape, i, id, hoursAgo }) => {
    return {
      type: "motor",
      id,
      ad_id: Number(id),
      main_search_key: "SEARCH_ID_CAR_USED",
      heading: shape.drag ? `${make} ${model} Drag` : `${make} ${model}`,
      make,
      model,
      year: shape.year,
      mileage: shape.mileage,
      mileage_unit: "SCANDINAVIAN_MILE",
      price: { amount: shape.price, currency_code: "SEK", price_unit: "kr" },
      fuel,
      transmission,
      dealer_segment: seller ?? (i % 2 === 0 ? "Företag" : "Privat"),
      location: PLACES[(seed + i) % PLACES.length] ?? "Stockholm",
      canonical_url: `https://www.blocket.se/mobility/item/${id}`,
      image: {
        url: `https://images.blocketcdn.se/dynamic/default/item/${id}/0b7d3c1e-4444-4a2b-9c3d-${id.padStart(12, "0")}`,
        width: 1600,
        height: 1200,
        aspect_ratio: 1.333,
      },
      timestamp: 1_790_000_000_000 - hoursAgo * 3_600_000,
      sales_form: 1,
    };
  });
  const echoed = APPLIED.filter((name) => !(LENIENT.ignore ?? []).includes(name) && params.has(name)).map((name) => ({
    filter_name: name.replace(/_(from|to)$/, ""),
    display_name: name,
    parameters: params.getAll(name).map((value) => ({ parameter_name: name, parameter_value: value })),
  }));
  return {
    docs,
    filters: [],
    metadata: {
      search_key: "SEARCH_ID_CAR_USED",
      sort: "PUBLISHED_DESC",
      num_results: docs.length,
      result_size: { match_count: docs.length, group_count: docs.length },
      paging: { param: "page", current: 1, last: 1 },
      is_end_of_paging: true,
      selected_filters: [...echoVariants, ...echoed],
    },
  };
}
