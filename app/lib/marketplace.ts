import { z } from "zod";
import { type BodyType, BodyTypeSchema, DrivetrainSchema, type Fuel, FuelSchema, GearboxSchema } from "./car-facts";
import { BLOCKET_PRICE_FILTER_CAP } from "./blocket-price-cap";
import { SellerTypeSchema } from "./search-form";

/** Links a buyer sees point here, whatever upstream answered. */
export const BLOCKET_ORIGIN = "https://www.blocket.se";

const Sek = z.number().int().nonnegative();

export const MarketplaceQuerySchema = z.object({
  make: z.string().trim().min(1).max(60),
  model: z.string().trim().min(1).max(80),
  minPrice: Sek.optional(),
  maxPrice: Sek.optional(),
  /** Swedish mil (1 mil = 10 km), the unit Blocket filters in. */
  maxMileage: z.number().int().nonnegative().optional(),
  minYear: z.number().int().min(1950).max(2100).optional(),
  maxYear: z.number().int().min(1950).max(2100).optional(),
  limit: z.number().int().min(1).max(50).default(3),
  sellerType: SellerTypeSchema.default("alla"),
  /** A hybrid's `combustionFuel` picks Blocket's bensin/diesel code. */
  fuel: FuelSchema.optional(),
  combustionFuel: z.enum(["bensin", "diesel"]).optional(),
  drivetrain: DrivetrainSchema.optional(),
  gearbox: GearboxSchema.optional(),
  towbar: z.boolean().default(false),
  /** Empty: any of the model's bodies. */
  bodies: z.array(BodyTypeSchema).default([]),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;
export type MarketplaceQueryInput = z.input<typeof MarketplaceQuerySchema>;

/** Absent when the ad does not say; `towbar` is only ever true (silence is not "no towbar"). */
const AdStatedSchema = z.object({
  towbar: z.literal(true).optional(),
  drive: DrivetrainSchema.optional(),
  gearbox: GearboxSchema.optional(),
  fuel: FuelSchema.optional(),
});
export type AdStated = z.infer<typeof AdStatedSchema>;

/** The v4-compatible shape the pages were first written against. */
export const MarketplaceCarSchema = z.object({
  link: z.url(),
  heading: z.string().min(1),
  /** Plain digits: the v4 API's amount was a string. */
  price: z.object({ amount: z.string().regex(/^\d+$/) }),
  thumbnail: z.url().optional(),
  car: z.object({
    location: z.object({ city: z.string().optional(), municipality: z.string().optional() }),
    fuel: z.string(),
    gearbox: z.string(),
    /** Model year. */
    regDate: z.number().int(),
    /** Swedish mil. */
    mileage: z.number().int().nonnegative().nullable(),
  }),
  /** Absent in ads saved before it was kept. */
  body: BodyTypeSchema.optional(),
  stated: AdStatedSchema.optional(),
});
export type MarketplaceCar = z.infer<typeof MarketplaceCarSchema>;

/** Prices of the fetched ads (at most one upstream page), not of the whole market. */
export const MarketWindowSchema = z.object({
  medianPrice: Sek,
  lowPrice: Sek,
  highPrice: Sek,
  /** From four ads up; absent in windows saved before they were computed. */
  q1Price: Sek.optional(),
  q3Price: Sek.optional(),
  sampleSize: z.number().int().positive(),
});
export type MarketWindow = z.infer<typeof MarketWindowSchema>;

const MarketplaceSourceSchema = z.enum(["blocket", "demo"]);
export type MarketplaceSource = z.infer<typeof MarketplaceSourceSchema>;

/** Filters Blocket did not apply (not echoed, or ads outside them); we applied them where ads say enough. */
const SearchedSchema = z.object({
  query: MarketplaceQuerySchema,
  notApplied: z.array(z.string()).default([]),
});
export type Searched = z.infer<typeof SearchedSchema>;

export const MarketplaceResultSchema = z.object({
  cars: z.array(MarketplaceCarSchema),
  /** Absent in results cached before it was kept. */
  searched: SearchedSchema.optional(),
  adsUrl: z.url(),
  /** Blocket's match_count, not `cars.length`. */
  totalCount: z.number().int().nonnegative(),
  /** Our own tally of one filtered page (a lower bound), not Blocket's match_count. */
  countIsEstimate: z.boolean().default(false),
  /** The price window reaches past Blocket's price filter: the count is ours and a lower bound. */
  priceCapped: z.literal(true).optional(),
  source: MarketplaceSourceSchema,
  marketWindow: MarketWindowSchema.nullable(),
});
export type MarketplaceResult = z.infer<typeof MarketplaceResultSchema>;

export const AvailabilityUnknownReasonSchema = z.enum([
  "timeout",
  "rate-limited",
  "server-error",
  "network",
  "invalid-response",
  "error",
  /** Past Blocket's price filter and no ad of the window on the page we read: a count we cannot give. */
  "price-cap",
]);
export type AvailabilityUnknownReason = z.infer<typeof AvailabilityUnknownReasonSchema>;

export const AvailabilityUnknownDetailSchema = z.enum(["queued", "lookup-limit"]);
export type AvailabilityUnknownDetail = z.infer<typeof AvailabilityUnknownDetailSchema>;

/** "unknown" is honest degradation, never an error page: score 0, `adsUrl` still lets the buyer look. */
export const AvailabilitySchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("known"),
    adCount: z.number().int().nonnegative(),
    countIsEstimate: z.boolean(),
    priceCapped: z.literal(true).optional(),
    source: MarketplaceSourceSchema,
    adsUrl: z.url(),
    marketWindow: MarketWindowSchema.nullable(),
    searched: SearchedSchema.optional(),
  }),
  z.object({
    status: z.literal("unknown"),
    reason: AvailabilityUnknownReasonSchema,
    /** "queued": our own timeout, not a slow Blocket; "lookup-limit": our per-buyer limit, not Blocket's. */
    detail: AvailabilityUnknownDetailSchema.optional(),
    adsUrl: z.url(),
    /** Only in rows saved before the detail codes. */
    message: z.string().optional(),
  }),
  /** The marketplace is switched off (MARKETPLACE_SOURCE=off): no ads were looked for, and the score leaves availability out. */
  z.object({
    status: z.literal("unchecked"),
    /** Blocket's public search page for the buyer to open; building it asks Blocket nothing. */
    adsUrl: z.url(),
  }),
]);
export type Availability = z.infer<typeof AvailabilitySchema>;

/** Blocket's dealer_segment codes: 2 = Företag (handlare), 3 = Privat. "alla" sends nothing. */
const DEALER_SEGMENT_CODES = { privat: "3", handlare: "2" } as const;

/** Only codes two live-checked sources agree on: E85/biogas ads are often listed as "Bensin". */
function blocketFuelCode(fuel: Fuel, combustionFuel?: "bensin" | "diesel"): string | undefined {
  const diesel = combustionFuel === "diesel";
  switch (fuel) {
    case "bensin":
      return "1";
    case "diesel":
      return "2";
    case "el":
      return "4";
    case "elhybrid":
      return diesel ? "8" : "6";
    case "laddhybrid":
      return diesel ? "1356" : "1352";
    case "e85":
    case "gas":
      return undefined;
  }
}

/** `wheel_drive`: 1 RWD, 2 AWD, 3 FWD; `transmission`: 1 Manuell, 2 Automatisk. */
const WHEEL_DRIVE_CODES = { rwd: "1", awd: "2", fwd: "3" } as const;
const TRANSMISSION_CODES = { manuell: "1", automat: "2" } as const;

/** sales_form 1 = used cars for sale: keeps new cars and leasing (monthly prices) out. */
const USED_FOR_SALE = "1";

/** car_equipment 23 = Dragkrok; trusted only when Blocket echoes it back. */
const TOWBAR_EQUIPMENT_CODE = "23";

/** `body_type` codes; a body Blocket has no code for (skåpbil) means no body filter at all. */
const BODY_TYPE_CODES: Partial<Record<BodyType, readonly string[]>> = {
  halvkombi: ["1", "2"],
  sedan: ["3"],
  kombi: ["4"],
  familjebuss: ["5"],
  coupe: ["6"],
  cab: ["7"],
  pickup: ["8"],
  suv: ["9"],
};

function bodyCodes(bodies: readonly BodyType[]): string[] {
  const codes = bodies.map((body) => BODY_TYPE_CODES[body]);
  return codes.every((list) => list !== undefined) ? codes.flat() : [];
}

/** The API and the public search page take the same query string, in a fixed order. */
export function blocketFilterParams(query: MarketplaceQuery, match: { variants?: readonly string[]; text?: string }): URLSearchParams {
  const params = new URLSearchParams();
  for (const code of match.variants ?? []) params.append("variant", code);
  if (match.text) params.set("q", match.text);
  // Past the cap the top is ours to apply, and a bottom above it would be clamped down anyway.
  if (query.minPrice !== undefined) params.set("price_from", String(Math.min(query.minPrice, BLOCKET_PRICE_FILTER_CAP)));
  if (query.maxPrice !== undefined && query.maxPrice <= BLOCKET_PRICE_FILTER_CAP) params.set("price_to", String(query.maxPrice));
  if (query.minYear !== undefined) params.set("year_from", String(query.minYear));
  if (query.maxYear !== undefined) params.set("year_to", String(query.maxYear));
  if (query.maxMileage !== undefined) params.set("mileage_to", String(query.maxMileage));
  params.set("sales_form", USED_FOR_SALE);
  if (query.sellerType !== "alla") params.set("dealer_segment", DEALER_SEGMENT_CODES[query.sellerType]);
  const fuel = query.fuel ? blocketFuelCode(query.fuel, query.combustionFuel) : undefined;
  if (fuel) params.set("fuel", fuel);
  if (query.drivetrain) params.set("wheel_drive", WHEEL_DRIVE_CODES[query.drivetrain]);
  if (query.gearbox) params.set("transmission", TRANSMISSION_CODES[query.gearbox]);
  for (const code of bodyCodes(query.bodies)) params.append("body_type", code);
  if (query.towbar) params.set("car_equipment", TOWBAR_EQUIPMENT_CODE);
  return params;
}

export function blocketAdsUrl(params: URLSearchParams): string {
  return `${BLOCKET_ORIGIN}/mobility/search/car?${params.toString()}`;
}

const MIN_ADS_FOR_QUARTILES = 4;

/** Linearly interpolated between neighbours, in whole kronor. */
function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = sorted[Math.floor(position)] ?? 0;
  const above = sorted[Math.ceil(position)] ?? below;
  return Math.round(below + (above - below) * (position - Math.floor(position)));
}

export function marketWindowOf(prices: readonly number[]): MarketWindow | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  return {
    medianPrice: quantile(sorted, 0.5),
    lowPrice: sorted[0] ?? 0,
    highPrice: sorted.at(-1) ?? 0,
    ...(sorted.length >= MIN_ADS_FOR_QUARTILES ? { q1Price: quantile(sorted, 0.25), q3Price: quantile(sorted, 0.75) } : {}),
    sampleSize: sorted.length,
  };
}
