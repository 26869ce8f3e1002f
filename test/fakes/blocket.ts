/**
 * A fake Blocket car search (the current Vend API, /work/shared/reference/blocket-api.md §1–2 and
 * the example bodies of §6) for tests and the benchmark. It listens on 127.0.0.1:0 and serves
 * `GET /mobility/search/api/search/SEARCH_ID_CAR_USED` from a small deterministic inventory,
 * honouring the documented filters: `variant` (make, series or model codes, ORed), `q`, `price_*`,
 * `year_*`, `mileage_*` (in mil), `sales_form`, `dealer_segment`, `page` (50 per page). Like the
 * real API it silently ignores unknown parameters, echoes an unknown variant code as its raw
 * display name with an unfiltered count, and treats `q` fuzzily (ignored next to a variant).
 *
 * Tests select behaviour with a path prefix on the base URL, `/__mode/<mode>/<key>`, so the
 * adapter runs unchanged and parallel files never read each other's requests. Modes:
 *   ok          normal answers
 *   zero        no hits (§6b)
 *   429         first request per key: 429 + Retry-After (options.retryAfterSeconds), then ok
 *   429-long    every request: 429 + Retry-After: 30 with an HTML body
 *   500         every request: 500
 *   500-once    first request per key: 500, then ok
 *   slow        answers after options.slowMs (past any sane client timeout)
 *   malformed   200 with an HTML body
 *   wrong-shape 200 with JSON that is not the search envelope
 *   partial     200 with §6c-style partial ads (no result_size, string price, km unit, junk doc),
 *               but the variant echoed properly so the adapter uses what it can read
 * Without a prefix the mode is "ok" and the key "default". Every other path is recorded as
 * unexpected and answered 404. `GET /__fake/requests?key=` and `/__fake/unexpected` return what
 * was received. Plain Node, no dependencies: the benchmark runs it with type stripping.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_SEARCH_PATH = "/mobility/search/api/search/SEARCH_ID_CAR_USED";

export type FakeBlocketOptions = {
  /** Simulated latency of every answer, ms (the benchmark's upstream delay). */
  delayMs?: number;
  /** Delay of the "slow" mode, ms. */
  slowMs?: number;
  /** Retry-After of the "429" mode, seconds. */
  retryAfterSeconds?: number;
};

export type RecordedBlocketRequest = {
  seq: number;
  at: number;
  mode: string;
  key: string;
  path: string;
  /** The query string exactly as received, in order. */
  search: string;
  /** Every parameter with all its values. */
  params: Record<string, string[]>;
  status: number;
};

export type FakeBlocket = {
  url: string;
  requests: RecordedBlocketRequest[];
  unexpected: RecordedBlocketRequest[];
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Inventory. Codes follow the reference's live dump where it has them; EX90 exists only here (a
// model the bundled table lacks), V70 and P1800 have ads but no node in the tree (drift).

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
};

const m = (make: string, makeCode: string, name: string, code: string, ads: number, price: number, firstYear: number, fuel: string, extra: Partial<Model> = {}): Model => ({
  make, makeCode, name, code, ads, price, firstYear, fuel, inTree: true, ...extra,
});

export const FAKE_MODELS: readonly Model[] = [
  m("Volvo", "0.818", "XC60", "1.818.2000093", 8, 420_000, 2017, "Hybrid bensin"),
  m("Volvo", "0.818", "XC40", "1.818.2000437", 4, 330_000, 2019, "Bensin"),
  m("Volvo", "0.818", "XC90", "1.818.7651", 2, 520_000, 2016, "Diesel"),
  m("Volvo", "0.818", "EX30", "1.818.2000653", 1, 360_000, 2024, "El"),
  m("Volvo", "0.818", "V60", "2.818.2843.2000172", 7, 300_000, 2016, "Diesel", { series: { name: "V60-Serie", code: "1.818.2843" } }),
  m("Volvo", "0.818", "V60 Cross Country", "2.818.2843.2000346", 2, 340_000, 2017, "Diesel", { series: { name: "V60-Serie", code: "1.818.2843" } }),
  m("Volvo", "0.818", "EX90", "1.818.2000999", 3, 900_000, 2025, "El"),
  m("Volvo", "0.818", "V70", "1.818.3077", 3, 90_000, 2008, "Diesel", { inTree: false }),
  m("Volvo", "0.818", "P1800", "1.818.9999999", 2, 450_000, 1966, "Bensin", { inTree: false }),
  m("Toyota", "0.813", "RAV4", "1.813.3074", 6, 340_000, 2018, "Hybrid bensin"),
  m("Toyota", "0.813", "Corolla", "1.813.1389", 5, 230_000, 2019, "Hybrid bensin"),
  m("Tesla", "0.8078", "Model 3", "1.8078.2000501", 12, 300_000, 2019, "El"),
  m("Tesla", "0.8078", "Model Y", "1.8078.2000555", 0, 420_000, 2021, "El"),
  m("Volkswagen", "0.817", "Golf VII", "2.817.1433.2003579", 3, 160_000, 2013, "Bensin", { series: { name: "Golf-Serie", code: "1.817.1433" } }),
  m("Volkswagen", "0.817", "Golf VIII", "2.817.1433.2003580", 4, 260_000, 2020, "Bensin", { series: { name: "Golf-Serie", code: "1.817.1433" } }),
  m("Volkswagen", "0.817", "Passat", "2.817.2835.1437", 3, 220_000, 2015, "Diesel", { series: { name: "Passat-Serie", code: "1.817.2835" } }),
  m("Saab", "0.806", "9-3", "1.806.2000001", 2, 60_000, 2006, "Bensin"),
];

const PLACES = ["Linköping", "Umeå", "Stockholm", "Göteborg", "Malmö", "Uppsala", "Örebro", "Gävle", "Luleå", "Växjö"];

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

function docsFor(model: Model): { model: Model; doc: Doc }[] {
  const out: { model: Model; doc: Doc }[] = [];
  const numeric = model.code.replace(/\D/g, "").slice(-5);
  for (let i = 0; i < model.ads; i++) {
    const year = Math.min(2026, model.firstYear + (i % 6));
    const age = Math.max(1, 2026 - year);
    const id = `3${numeric}${String(i).padStart(2, "0")}`;
    out.push({
      model,
      doc: {
        type: "motor",
        id,
        ad_id: Number(id),
        main_search_key: "SEARCH_ID_CAR_USED",
        heading: `${model.make} ${model.name}`,
        make: model.make,
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
        image: { url: `https://images.blocketcdn.se/dynamic/default/item/${id}/0b7d3c1e-1111-4a2b-9c3d-${id.padStart(12, "0")}`, width: 1600, height: 1200, aspect_ratio: 1.333 },
        timestamp: 1_790_000_000_000 - i * 3_600_000 - numeric.length,
        sales_form: 1,
      },
    });
  }
  if (model.name === "XC60") {
    // A leasing ad (monthly price) that only shows when sales_form is not sent (§4 pitfall 2).
    out.push({
      model,
      doc: {
        id: "30000003", ad_id: 30000003, heading: "Volvo XC60 - Privatleasing", make: "Volvo", model: "XC60",
        year: 2026, mileage: 10, mileage_unit: "SCANDINAVIAN_MILE", price: { amount: 6495, currency_code: "SEK", price_unit: "kr" },
        fuel: "Plug-in Bensin", transmission: "Automatisk", dealer_segment: "Företag", location: "Stockholm",
        canonical_url: "https://www.blocket.se/mobility/item/30000003", timestamp: 1_790_000_500_000, sales_form: 5,
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

function displayNameOf(code: string): string {
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
            name: "variant", display_name: model.series?.name ?? model.name, value: parentCode,
            hits: hits((candidate) => candidate.code === parentCode || candidate.series?.code === parentCode),
            selected: false, filter_items: [],
          };
          level1.set(parentCode, parent);
        }
        if (model.series) {
          parent.filter_items.push({ name: "variant", display_name: model.name, value: model.code, hits: hits((candidate) => candidate === model), selected: false, filter_items: [] });
        }
      }
      children = [...level1.values()];
    } else {
      children = models
        .filter((model) => selected.includes(model.code) || (model.series && selected.includes(model.series.code)))
        .map((model) => ({ name: "variant", display_name: model.name, value: model.code, hits: hits((candidate) => candidate === model), selected: true, filter_items: [] }));
    }
    return { name: "variant", display_name: make, value: makeCode, hits: hits((model) => model.makeCode === makeCode), selected: selected.includes(makeCode), filter_items: children };
  });
}

const DEALER_SEGMENTS: Record<string, string> = { "2": "Företag", "3": "Privat" };

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value === null || value === "" || Number.isNaN(Number(value)) ? undefined : Number(value);
}

/** The search the real API would run, per the reference. */
export function search(params: URLSearchParams): Record<string, unknown> {
  const variants = params.getAll("variant");
  const unknownVariant = variants.some((code) => !KNOWN_CODES.has(code));
  const salesForms = params.getAll("sales_form").map(Number);
  const segments = params.getAll("dealer_segment").map((code) => DEALER_SEGMENTS[code]).filter(Boolean);
  const q = params.get("q")?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const priceFrom = numberParam(params, "price_from");
  const priceTo = numberParam(params, "price_to");
  const yearFrom = numberParam(params, "year_from");
  const yearTo = numberParam(params, "year_to");
  const mileageFrom = numberParam(params, "mileage_from");
  const mileageTo = numberParam(params, "mileage_to");

  const matches = INVENTORY.filter(({ model, doc }) => {
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
    return true;
  });
  const page = Math.max(1, numberParam(params, "page") ?? 1);
  const last = Math.max(1, Math.min(50, Math.ceil(matches.length / 50)));
  const docs = matches.slice((page - 1) * 50, page * 50).map((match) => match.doc);
  const matchCount = unknownVariant ? 144_000 : matches.length;

  const selected = [
    ...variants.map((code) => ({ filter_name: "variant", display_name: displayNameOf(code), parameters: [{ parameter_name: "variant", parameter_value: code }] })),
    ...params.getAll("sales_form").map((value) => ({ filter_name: "sales_form", display_name: value === "1" ? "Begagnad" : value, parameters: [{ parameter_name: "sales_form", parameter_value: value }] })),
    ...params.getAll("dealer_segment").map((value) => ({ filter_name: "dealer_segment", display_name: DEALER_SEGMENTS[value] ?? value, parameters: [{ parameter_name: "dealer_segment", parameter_value: value }] })),
  ];
  return {
    docs,
    filters: [
      { name: "variant", display_name: "Märke och modell", type: "STANDARD_FILTER", filter_items: variantTree(variants, matches) },
      { name: "mileage", display_name: "Miltal", type: "RANGE_FILTER", min_value: 0, max_value: 20000, step: 500, unit: "mil", name_from: "mileage_from", name_to: "mileage_to", filter_items: [] },
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

function partial(params: URLSearchParams): Record<string, unknown> {
  const variants = params.getAll("variant");
  return {
    docs: [
      { id: "30000010", heading: "Saab 9-3", year: 2008, mileage: null, location: "Gävle" },
      {
        id: "30000011", ad_id: 30000011, heading: "Tesla Model 3 Long Range", model: "Model 3", year: 2022,
        mileage: 42000, mileage_unit: "KILOMETER", price: { amount: "289 900", currency_code: "SEK" },
        canonical_url: "https://www.blocket.se/mobility/item/30000011",
      },
      "not-an-object",
    ],
    metadata: {
      paging: { current: 1 },
      selected_filters: variants.map((code) => ({ filter_name: "variant", display_name: displayNameOf(code), parameters: [{ parameter_name: "variant", parameter_value: code }] })),
    },
  };
}

// ---------------------------------------------------------------------------------------------

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(body);
}

export async function startFakeBlocket(options: FakeBlocketOptions = {}): Promise<FakeBlocket> {
  const delayMs = options.delayMs ?? 0;
  const slowMs = options.slowMs ?? 10_000;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const requests: RecordedBlocketRequest[] = [];
  const unexpected: RecordedBlocketRequest[] = [];
  const seenKeys = new Map<string, number>();
  let seq = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/__fake/requests") {
      const key = url.searchParams.get("key");
      return send(res, 200, JSON.stringify(requests.filter((request) => key === null || request.key === key)));
    }
    if (req.method === "GET" && url.pathname === "/__fake/unexpected") return send(res, 200, JSON.stringify(unexpected));

    const prefixed = /^\/__mode\/([^/]+)\/([^/]+)(\/.*)$/.exec(url.pathname);
    const mode = prefixed?.[1] ?? "ok";
    const key = prefixed?.[2] ?? "default";
    const path = prefixed?.[3] ?? url.pathname;
    const params: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) (params[name] ??= []).push(value);
    const record: RecordedBlocketRequest = { seq: ++seq, at: Date.now(), mode, key, path, search: url.search, params, status: 0 };

    if (req.method !== "GET" || path !== FAKE_SEARCH_PATH) {
      record.status = path.startsWith("/mobility/search/api/search/") ? 400 : 404;
      unexpected.push(record);
      return send(res, record.status, JSON.stringify({ error: "unexpected request" }));
    }
    requests.push(record);
    const count = (seenKeys.get(key) ?? 0) + 1;
    seenKeys.set(key, count);
    if (delayMs > 0) await wait(delayMs);

    const html = { "content-type": "text/html; charset=utf-8" };
    const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, headers);
    };
    switch (mode) {
      case "zero":
        return reply(200, JSON.stringify({
          docs: [], filters: [],
          metadata: {
            search_key: "SEARCH_ID_CAR_USED", sort: "PUBLISHED_DESC", num_results: 0,
            result_size: { match_count: 0, group_count: 0 }, paging: { param: "page", current: 1, last: 1 }, is_end_of_paging: true,
            selected_filters: url.searchParams.getAll("variant").map((code) => ({ filter_name: "variant", display_name: displayNameOf(code), parameters: [{ parameter_name: "variant", parameter_value: code }] })),
          },
        }));
      case "429":
        if (count === 1) return reply(429, "", { "retry-after": String(retryAfterSeconds), ...html });
        break;
      case "429-long":
        return reply(429, "<!doctype html><title>Too Many Requests</title>", { "retry-after": "30", ...html });
      case "500":
        return reply(500, "<!doctype html><title>Internal Server Error</title>", html);
      case "500-once":
        if (count === 1) return reply(500, "<!doctype html><title>Internal Server Error</title>", html);
        break;
      case "slow":
        await wait(slowMs);
        break;
      case "malformed":
        return reply(200, "<!doctype html><html lang=sv><body>Blocket</body></html>", html);
      case "wrong-shape":
        return reply(200, JSON.stringify({ docs: "none", metadata: null }));
      case "partial":
        return reply(200, JSON.stringify(partial(url.searchParams)));
    }
    return reply(200, JSON.stringify(search(url.searchParams)));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
