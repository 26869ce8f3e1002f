import { z } from "zod";
import { bodyFromText, driveFromLabel, driveFromText, fuelFromLabel, gearboxFromLabel, statedContradicts, towbarInText } from "#app/lib/ad-match";
import {
  type AdStated,
  BLOCKET_ORIGIN,
  blocketAdsUrl,
  type MarketplaceCar,
  type MarketplaceQuery,
  type MarketplaceResult,
  marketWindowOf,
} from "#app/lib/marketplace";
import { BLOCKET_PRICE_FILTER_CAP, priceWindowPastCap } from "#app/lib/blocket-price-cap";
import { BLOCKET_IMAGE_HOSTS } from "#app/lib/image-url";
import { adIsModel, type VariantNode } from "./blocket-model-names.server";

type FilterItem = { display_name: string; value: string; hits?: number | undefined; filter_items?: FilterItem[] | undefined };
const FilterItemSchema: z.ZodType<FilterItem> = z.lazy(() =>
  z.object({
    display_name: z.string(),
    value: z.string(),
    hits: z.number().optional(),
    filter_items: z.array(FilterItemSchema).optional(),
  }),
);

const SelectedFilterSchema = z.object({
  filter_name: z.string(),
  display_name: z.string().optional(),
  parameters: z.array(z.object({ parameter_name: z.string(), parameter_value: z.string() })).default([]),
});

export const SearchResponseSchema = z.object({
  docs: z.array(z.unknown()),
  filters: z.array(z.unknown()).optional(),
  metadata: z
    .object({
      result_size: z.object({ match_count: z.number().int().nonnegative() }).optional(),
      selected_filters: z.array(SelectedFilterSchema).optional(),
    })
    .optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

const AdSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  heading: z.string().optional(),
  make: z.string().optional(),
  series: z.string().optional(),
  model: z.string().optional(),
  model_specification: z.string().optional(),
  year: z.number().int().nullish(),
  mileage: z.number().nonnegative().nullish(),
  mileage_unit: z.string().optional(),
  price: z.object({ amount: z.union([z.number(), z.string()]).nullish() }).nullish(),
  fuel: z.string().nullish(),
  transmission: z.string().nullish(),
  /** On some ads only; read only when it is a label. */
  wheel_drive: z.unknown().optional(),
  dealer_segment: z.string().nullish(),
  location: z.string().nullish(),
  canonical_url: z.string().nullish(),
  image: z.object({ url: z.string() }).nullish(),
  image_urls: z.array(z.string()).nullish(),
  sales_form: z.number().nullish(),
});
type Ad = z.infer<typeof AdSchema>;

/** Below this an asking price is a monthly leasing fee that slipped through, not a car price. */
const LEASING_PRICE_FLOOR = 10_000;

const SELLER_LABELS = { privat: "Privat", handlare: "Företag" } as const;

function priceOf(ad: Ad): number | undefined {
  const digits = String(ad.price?.amount ?? "").replace(/\D/g, "");
  return digits === "" ? undefined : Number(digits);
}

function mileageOf(ad: Ad): number | null {
  if (ad.mileage === null || ad.mileage === undefined) return null;
  return Math.round(ad.mileage_unit === "KILOMETER" ? ad.mileage / 10 : ad.mileage);
}

function isLeasing(ad: Ad): boolean {
  return ad.sales_form === 5 || /leasing/i.test(ad.heading ?? "");
}

function httpsUrlOn(value: string | null | undefined, allowed: (host: string) => boolean): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && allowed(url.hostname) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function echoedParameters(response: SearchResponse): Set<string> | undefined {
  const selected = response.metadata?.selected_filters;
  if (!selected) return undefined;
  return new Set(selected.flatMap((filter) => filter.parameters.map((parameter) => parameter.parameter_name)));
}

/** Filters an ad's own fields can be checked against; the count is ours when Blocket skipped one. */
const CHECKABLE = ["price_from", "price_to", "year_from", "year_to", "mileage_to", "fuel", "wheel_drive", "transmission"] as const;
/** Filters only Blocket can apply (the ads do not carry the field): trusted only when echoed. */
const ECHO_ONLY = ["body_type", "car_equipment"] as const;

type Applied = { echoed: Set<string> | undefined; notApplied: Set<string> };

function textOf(ad: Ad): string {
  return [ad.heading, ad.model_specification].filter(Boolean).join(" ");
}

function statedOf(ad: Ad, query: MarketplaceQuery, applied: Applied): AdStated {
  const text = textOf(ad);
  const echoed = (name: string) => applied.echoed?.has(name) === true && !applied.notApplied.has(name);
  const fuel = fuelFromLabel(ad.fuel);
  const gearbox = gearboxFromLabel(ad.transmission);
  const drive =
    (typeof ad.wheel_drive === "string" ? driveFromLabel(ad.wheel_drive) : undefined) ??
    driveFromText(text) ??
    (query.drivetrain && echoed("wheel_drive") ? query.drivetrain : undefined);
  const towbar = towbarInText(text) || (query.towbar && echoed("car_equipment"));
  return {
    ...(towbar ? { towbar: true as const } : {}),
    ...(drive ? { drive } : {}),
    ...(gearbox ? { gearbox } : {}),
    ...(fuel ? { fuel } : {}),
  };
}

function bodyOf(ad: Ad, query: MarketplaceQuery, applied: Applied) {
  const fromText = bodyFromText(textOf(ad));
  if (fromText) return fromText;
  const only = query.bodies.length === 1 ? query.bodies[0] : undefined;
  return only && applied.echoed?.has("body_type") ? only : undefined;
}

function toCar(ad: Ad, query: MarketplaceQuery, applied: Applied): MarketplaceCar | null {
  const price = priceOf(ad);
  if (price === undefined || ad.year === null || ad.year === undefined) return null;
  const title = ad.heading ?? [ad.make, ad.model].filter(Boolean).join(" ");
  const spec = ad.model_specification;
  const heading = spec && !title.includes(spec) ? `${title} ${spec}` : title;
  if (heading.trim() === "") return null;
  const thumbnail = httpsUrlOn(ad.image?.url ?? ad.image_urls?.[0], (host) => BLOCKET_IMAGE_HOSTS.has(host));
  const body = bodyOf(ad, query, applied);
  return {
    link: httpsUrlOn(ad.canonical_url, (host) => host === "www.blocket.se") ?? `${BLOCKET_ORIGIN}/mobility/item/${encodeURIComponent(ad.id)}`,
    heading: heading.trim(),
    price: { amount: String(price) },
    ...(thumbnail ? { thumbnail } : {}),
    car: {
      location: ad.location ? { city: ad.location } : {},
      fuel: ad.fuel ?? "",
      gearbox: ad.transmission ?? "",
      regDate: ad.year,
      mileage: mileageOf(ad),
    },
    ...(body ? { body } : {}),
    stated: statedOf(ad, query, applied),
  };
}

/** Our own filters again: Blocket silently ignores what it does not understand. */
function withinQuery(ad: Ad, query: MarketplaceQuery): boolean {
  const price = priceOf(ad);
  const mileage = mileageOf(ad);
  if (query.maxPrice !== undefined && price !== undefined && price > query.maxPrice) return false;
  if (query.minPrice !== undefined && price !== undefined && price < query.minPrice) return false;
  if ((query.minYear !== undefined || query.maxYear !== undefined) && (ad.year === null || ad.year === undefined)) return false;
  if (query.minYear !== undefined && ad.year != null && ad.year < query.minYear) return false;
  if (query.maxYear !== undefined && ad.year != null && ad.year > query.maxYear) return false;
  if (query.maxMileage !== undefined && (mileage === null || mileage > query.maxMileage)) return false;
  if (query.sellerType !== "alla" && ad.dealer_segment && ad.dealer_segment !== SELLER_LABELS[query.sellerType]) return false;
  if (
    statedContradicts(
      {
        fuel: fuelFromLabel(ad.fuel),
        gearbox: gearboxFromLabel(ad.transmission),
        drive: typeof ad.wheel_drive === "string" ? driveFromLabel(ad.wheel_drive) : undefined,
      },
      query,
    )
  )
    return false;
  return true;
}

function brokenBy(ad: Ad, query: MarketplaceQuery): string[] {
  const broken: string[] = [];
  const price = priceOf(ad);
  const mileage = mileageOf(ad);
  if (query.minPrice !== undefined && price !== undefined && price < query.minPrice) broken.push("price_from");
  if (query.maxPrice !== undefined && price !== undefined && price > query.maxPrice) broken.push("price_to");
  if (query.minYear !== undefined && ad.year != null && ad.year < query.minYear) broken.push("year_from");
  if (query.maxYear !== undefined && ad.year != null && ad.year > query.maxYear) broken.push("year_to");
  if (query.maxMileage !== undefined && mileage !== null && mileage > query.maxMileage) broken.push("mileage_to");
  const fuel = fuelFromLabel(ad.fuel);
  if (query.fuel && fuel && fuel !== query.fuel) broken.push("fuel");
  const gearbox = gearboxFromLabel(ad.transmission);
  if (query.gearbox && gearbox && gearbox !== query.gearbox) broken.push("transmission");
  const drive = typeof ad.wheel_drive === "string" ? driveFromLabel(ad.wheel_drive) : undefined;
  if (query.drivetrain && drive && drive !== query.drivetrain) broken.push("wheel_drive");
  return broken;
}

function appliedFilters(response: SearchResponse, params: URLSearchParams, ads: readonly Ad[], query: MarketplaceQuery): Applied {
  const echoed = echoedParameters(response);
  const notApplied = new Set<string>();
  for (const name of CHECKABLE) if (params.has(name) && echoed && !echoed.has(name)) notApplied.add(name);
  // Unconfirmed counts as not applied here: the ads cannot show it either way.
  for (const name of ECHO_ONLY) if (params.has(name) && !echoed?.has(name)) notApplied.add(name);
  for (const ad of ads) for (const name of brokenBy(ad, query)) notApplied.add(name);
  // Not sent (or sent as the cap) past Blocket's price filter: we applied them.
  if ((query.maxPrice ?? 0) > BLOCKET_PRICE_FILTER_CAP) notApplied.add("price_to");
  if ((query.minPrice ?? 0) > BLOCKET_PRICE_FILTER_CAP) notApplied.add("price_from");
  return { echoed, notApplied };
}

function matchesModel(ad: Ad, query: MarketplaceQuery, checkMake: boolean): boolean {
  const key = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (checkMake && ad.make && key(ad.make) !== key(query.make)) return false;
  return adIsModel(ad, query.model, query.make);
}

export function variantsApplied(response: SearchResponse, sent: readonly string[]): boolean | undefined {
  const selected = response.metadata?.selected_filters;
  if (!selected) return undefined;
  return sent.every((code) => {
    const echo = selected.find(
      (filter) =>
        filter.filter_name === "variant" && filter.parameters.some((parameter) => parameter.parameter_name === "variant" && parameter.parameter_value === code),
    );
    return echo !== undefined && echo.display_name !== code;
  });
}

function toNodes(items: readonly FilterItem[] | undefined): VariantNode[] {
  return (items ?? []).map((item) => ({ name: item.display_name, code: item.value, children: toNodes(item.filter_items) }));
}

export function readVariantTree(response: Pick<SearchResponse, "filters">, makeCode: string): VariantNode[] | null {
  for (const filter of response.filters ?? []) {
    const parsed = z.object({ name: z.literal("variant"), filter_items: z.array(FilterItemSchema) }).safeParse(filter);
    if (!parsed.success) continue;
    const make = parsed.data.filter_items.find((item) => item.value === makeCode);
    const models = toNodes(make?.filter_items);
    return models.length > 0 ? models : null;
  }
  return null;
}

export function toResult(
  response: SearchResponse,
  query: MarketplaceQuery,
  params: URLSearchParams,
  modelFilter: { checkMake: boolean } | undefined,
  log: (message: string) => void,
): MarketplaceResult {
  const ads: Ad[] = [];
  let skipped = 0;
  for (const doc of response.docs) {
    const parsed = AdSchema.safeParse(doc);
    if (parsed.success) ads.push(parsed.data);
    else skipped++;
  }
  if (skipped > 0) log(`Blocket: skipped ${skipped} unreadable ad(s)`);
  const matchCount = response.metadata?.result_size?.match_count;
  let relevant = ads.filter((ad) => !isLeasing(ad));
  if (modelFilter) relevant = relevant.filter((ad) => matchesModel(ad, query, modelFilter.checkMake));
  const applied = appliedFilters(response, params, relevant, query);
  const inWindow = relevant.filter((ad) => withinQuery(ad, query));
  // match_count is the window's only when Blocket applied every checkable filter; else ours, a lower bound if more pages exist.
  // Past the price cap Blocket's count covers prices we did not ask for, and the cap is reported, not verified: always a lower bound.
  const priceCapped = priceWindowPastCap(query);
  const ownCount = priceCapped || modelFilter !== undefined || CHECKABLE.some((name) => applied.notApplied.has(name));
  const totalCount = ownCount ? inWindow.length : (matchCount ?? inWindow.length);
  const countIsEstimate = priceCapped || matchCount === undefined || (ownCount && matchCount > response.docs.length);
  if (applied.notApplied.size > 0) log(`Blocket did not apply ${[...applied.notApplied].join(", ")}; filtered the page ourselves`);
  const cars = inWindow
    .map((ad) => toCar(ad, query, applied))
    .filter((car): car is MarketplaceCar => car !== null)
    .filter((car) => Number(car.price.amount) >= LEASING_PRICE_FLOOR);
  return {
    cars: cars.slice(0, query.limit),
    searched: { query, notApplied: [...applied.notApplied].sort() },
    adsUrl: blocketAdsUrl(params),
    totalCount,
    countIsEstimate,
    ...(priceCapped ? { priceCapped: true as const } : {}),
    source: "blocket",
    marketWindow: marketWindowOf(cars.map((car) => Number(car.price.amount))),
  };
}
