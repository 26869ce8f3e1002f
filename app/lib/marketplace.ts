import { z } from "zod";
import { type BodyType, BodyTypeSchema, DrivetrainSchema, type Fuel, FuelSchema, GearboxSchema } from "./car-facts";
import { SellerTypeSchema } from "./search-form";

/**
 * Shapes of the marketplace step: what we ask Blocket (or the demo marketplace) for one suggested
 * car, what comes back, and the availability a page shows. Isomorphic: pages render these.
 */

/** The public Blocket origin: every link a buyer sees points here, whatever upstream answered. */
export const BLOCKET_ORIGIN = "https://www.blocket.se";

const Sek = z.number().int().nonnegative();

export const MarketplaceQuerySchema = z.object({
  make: z.string().trim().min(1).max(60),
  model: z.string().trim().min(1).max(80),
  /** Lowest and highest asking price, SEK: the advised price window. */
  minPrice: Sek.optional(),
  maxPrice: Sek.optional(),
  /** Highest mileage in Swedish mil (1 mil = 10 km), the unit Blocket filters in. */
  maxMileage: z.number().int().nonnegative().optional(),
  /** Lowest and highest model year (modellår): the advised years. */
  minYear: z.number().int().min(1950).max(2100).optional(),
  maxYear: z.number().int().min(1950).max(2100).optional(),
  /** How many ads to return; the count and market window cover more (see MarketplaceResult). */
  limit: z.number().int().min(1).max(50).default(3),
  sellerType: SellerTypeSchema.default("alla"),
  /** The variant's fuel; a hybrid's engine in `combustionFuel` picks Blocket's bensin/diesel code. */
  fuel: FuelSchema.optional(),
  combustionFuel: z.enum(["bensin", "diesel"]).optional(),
  drivetrain: DrivetrainSchema.optional(),
  gearbox: GearboxSchema.optional(),
  /** The buyer tows: only ads whose equipment lists a towbar (dragkrok). */
  towbar: z.boolean().default(false),
  /** Bodies the buyer accepts for this car (empty: any of the model's). */
  bodies: z.array(BodyTypeSchema).default([]),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;
export type MarketplaceQueryInput = z.input<typeof MarketplaceQuerySchema>;

/**
 * What an ad itself states about the things a buyer may need; a field is absent when the ad does
 * not say (then the page asks the buyer to check, never implies it). `towbar` is only ever true:
 * an ad that does not mention a towbar has not said it lacks one.
 */
const AdStatedSchema = z.object({
  towbar: z.literal(true).optional(),
  drive: DrivetrainSchema.optional(),
  gearbox: GearboxSchema.optional(),
  fuel: FuelSchema.optional(),
});
export type AdStated = z.infer<typeof AdStatedSchema>;

/** One ad in the v4-compatible shape the pages were first written against. */
export const MarketplaceCarSchema = z.object({
  link: z.url(),
  heading: z.string().min(1),
  /** Plain digits ("189000"): the v4 API's amount was a string; format with lib/format.ts. */
  price: z.object({ amount: z.string().regex(/^\d+$/) }),
  thumbnail: z.url().optional(),
  car: z.object({
    location: z.object({ city: z.string().optional(), municipality: z.string().optional() }),
    fuel: z.string(),
    gearbox: z.string(),
    /** Model year. */
    regDate: z.number().int(),
    /** Swedish mil; null when the ad does not say. */
    mileage: z.number().int().nonnegative().nullable(),
  }),
  /** The ad's own body, when known (its drawing); absent in ads saved before it was kept. */
  body: BodyTypeSchema.optional(),
  stated: AdStatedSchema.optional(),
});
export type MarketplaceCar = z.infer<typeof MarketplaceCarSchema>;

/**
 * Asking prices of the ads fetched for the query (at most one upstream page, about 50 ads; all
 * demo ads), not of the whole market. Null when no priced ad was found.
 */
export const MarketWindowSchema = z.object({
  medianPrice: Sek,
  lowPrice: Sek,
  highPrice: Sek,
  /**
   * The middle half of the asking prices (lower and upper quartile). Only from four ads up, where
   * "the middle half" means something; absent in windows saved before they were computed.
   */
  q1Price: Sek.optional(),
  q3Price: Sek.optional(),
  /** Ads the window was computed from. */
  sampleSize: z.number().int().positive(),
});
export type MarketWindow = z.infer<typeof MarketWindowSchema>;

const MarketplaceSourceSchema = z.enum(["blocket", "demo"]);
export type MarketplaceSource = z.infer<typeof MarketplaceSourceSchema>;

/**
 * What was searched for, so the page can say it in words: the query, and the filters Blocket
 * did not apply (its answer did not echo them, or held ads outside them), which we then applied
 * to the ads ourselves where the ads say enough.
 */
const SearchedSchema = z.object({
  query: MarketplaceQuerySchema,
  notApplied: z.array(z.string()).default([]),
});
export type Searched = z.infer<typeof SearchedSchema>;

export const MarketplaceResultSchema = z.object({
  cars: z.array(MarketplaceCarSchema),
  /** Absent in results cached before it was kept. */
  searched: SearchedSchema.optional(),
  /** Blocket's own search page for the same filters ("Se alla annonser"). */
  adsUrl: z.url(),
  /** Matching ads upstream (Blocket's match_count), not just `cars.length`. */
  totalCount: z.number().int().nonnegative(),
  /**
   * True when the count is our own tally of one filtered page rather than Blocket's match_count
   * (unknown model filtered by us, or a response without result_size): a lower bound.
   */
  countIsEstimate: z.boolean().default(false),
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
]);
export type AvailabilityUnknownReason = z.infer<typeof AvailabilityUnknownReasonSchema>;

export const AvailabilityUnknownDetailSchema = z.enum(["queued", "lookup-limit"]);
export type AvailabilityUnknownDetail = z.infer<typeof AvailabilityUnknownDetailSchema>;

/**
 * What a card shows about supply. "unknown" is honest degradation (Blocket down or unusable),
 * never an error page; its availability score is 0 and `adsUrl` still lets the buyer look.
 */
export const AvailabilitySchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("known"),
    adCount: z.number().int().nonnegative(),
    countIsEstimate: z.boolean(),
    source: MarketplaceSourceSchema,
    adsUrl: z.url(),
    marketWindow: MarketWindowSchema.nullable(),
    searched: SearchedSchema.optional(),
  }),
  z.object({
    status: z.literal("unknown"),
    reason: AvailabilityUnknownReasonSchema,
    /**
     * Where `reason` alone would mislead: "queued" — a timeout of ours (the lookup never got a
     * connection, Blocket was not slow); "lookup-limit" — our own per-buyer limit on ad lookups,
     * not Blocket's. The Swedish text is chosen at render time (availability-text.ts).
     */
    detail: AvailabilityUnknownDetailSchema.optional(),
    adsUrl: z.url(),
    /** Swedish text, only in rows saved before the codes above; newer rows leave it out. */
    message: z.string().optional(),
  }),
]);
export type Availability = z.infer<typeof AvailabilitySchema>;

/** Blocket's dealer_segment codes: 2 = Företag (handlare), 3 = Privat. "alla" sends nothing. */
const DEALER_SEGMENT_CODES = { privat: "3", handlare: "2" } as const;

/**
 * Blocket's `fuel` codes. Only the codes two live-checked sources agree on
 * are sent: E85 and biogas cars are often listed as "Bensin" and their codes are unverified, so
 * those queries go out without a fuel filter rather than silently missing ads.
 */
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

/**
 * `car_equipment` 23 = Dragkrok, one of Blocket's eleven equipment filters (checked against the
 * live filter list by one source; the adapter trusts it only when Blocket echoes it back).
 */
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

/**
 * The filter parameters for Blocket, in a fixed order. The API and the public search page take
 * the same query string, so this builds both the request and `adsUrl`.
 */
export function blocketFilterParams(
  query: MarketplaceQuery,
  match: { variants?: readonly string[]; text?: string },
): URLSearchParams {
  const params = new URLSearchParams();
  for (const code of match.variants ?? []) params.append("variant", code);
  if (match.text) params.set("q", match.text);
  if (query.minPrice !== undefined) params.set("price_from", String(query.minPrice));
  if (query.maxPrice !== undefined) params.set("price_to", String(query.maxPrice));
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

/** The public search page a buyer can open for the same filters. */
export function blocketAdsUrl(params: URLSearchParams): string {
  return `${BLOCKET_ORIGIN}/mobility/search/car?${params.toString()}`;
}

/** Fewest ads for which quartiles are given: below that the "middle half" is one or two ads. */
const MIN_ADS_FOR_QUARTILES = 4;

/** The p-quantile of sorted numbers, linearly interpolated between neighbours, in whole kronor. */
function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = sorted[Math.floor(position)] ?? 0;
  const above = sorted[Math.ceil(position)] ?? below;
  return Math.round(below + (above - below) * (position - Math.floor(position)));
}

/** Median, quartiles (from four prices) and range of asking prices; null for no prices. */
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
