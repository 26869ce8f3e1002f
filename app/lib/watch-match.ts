import { z } from "zod";
import { BuyerNeedsSchema, type NeedCheck, needChecks, statedContradicts } from "./ad-match";
import { formatMil, formatSek } from "./format";
import { type MarketplaceCar, type MarketplaceQuery, MarketplaceQuerySchema } from "./marketplace";

/** At most this many active watches per account; a whole-search watch counts as one. */
export const WATCH_LIMIT = 10;
const WATCH_DAYS = 60;
/** The digest reminds the buyer this many days before a watch ends. */
export const WATCH_REMINDER_DAYS = 7;
/** One page of Blocket's answer. */
const WATCH_ADS_PER_FETCH = 50;
/** Seen above the window before its price drops in: only then is a drop told from a new ad. */
const WATCH_PRICE_HEADROOM = 0.15;

const DAY_MS = 24 * 60 * 60 * 1000;

export function watchExpiry(from: Date): Date {
  return new Date(from.getTime() + WATCH_DAYS * DAY_MS);
}

const WatchAdviceSchema = z.object({
  minPrice: z.number().int().nonnegative().optional(),
  maxPrice: z.number().int().nonnegative().optional(),
  minYear: z.number().int().optional(),
  maxYear: z.number().int().optional(),
  maxMileage: z.number().int().nonnegative().optional(),
  fuel: MarketplaceQuerySchema.shape.fuel,
  drivetrain: MarketplaceQuerySchema.shape.drivetrain,
  gearbox: MarketplaceQuerySchema.shape.gearbox,
  bodies: MarketplaceQuerySchema.shape.bodies,
  needs: BuyerNeedsSchema.optional(),
});
export type WatchAdvice = z.infer<typeof WatchAdviceSchema>;

export function watchAdviceOf(query: MarketplaceQuery, needs: WatchAdvice["needs"]): WatchAdvice {
  const { minPrice, maxPrice, minYear, maxYear, maxMileage, fuel, drivetrain, gearbox, bodies } = query;
  return WatchAdviceSchema.parse({ minPrice, maxPrice, minYear, maxYear, maxMileage, fuel, drivetrain, gearbox, bodies, needs });
}

export function watchQueryOf(query: MarketplaceQuery): MarketplaceQuery {
  const maxPrice = query.maxPrice === undefined ? undefined : Math.ceil(query.maxPrice * (1 + WATCH_PRICE_HEADROOM));
  return { ...query, limit: WATCH_ADS_PER_FETCH, ...(maxPrice === undefined ? {} : { maxPrice }) };
}

/** The ad's id in its link (blocket.se/mobility/item/<id>), else the link itself. */
export function adKeyOf(ad: Pick<MarketplaceCar, "link">): string {
  const match = /\/item\/([^/?#]+)/.exec(ad.link);
  return match?.[1] ?? ad.link;
}

export function adPriceOf(ad: Pick<MarketplaceCar, "price">): number {
  return Number(ad.price.amount);
}

export type FitMark = { shown: boolean; text: string };
export type Fit = { fits: boolean; marks: FitMark[] };

function inRange(value: number, from: number | undefined, to: number | undefined): boolean {
  return (from === undefined || value >= from) && (to === undefined || value <= to);
}

/** Fits, and why in the ads list's words; a need the ad is silent on stays "Kontrollera …", as on the result page. */
export function fitOf(ad: MarketplaceCar, advice: WatchAdvice): Fit {
  const price = adPriceOf(ad);
  const marks: FitMark[] = [];
  const priceFits = inRange(price, advice.minPrice, advice.maxPrice);
  if (advice.maxPrice !== undefined) marks.push({ shown: priceFits, text: `${formatSek(price)}, inom ditt prisfönster` });
  const yearFits = inRange(ad.car.regDate, advice.minYear, advice.maxYear);
  if (advice.minYear !== undefined || advice.maxYear !== undefined) marks.push({ shown: yearFits, text: `Årsmodell ${ad.car.regDate}` });
  const mileage = ad.car.mileage;
  const mileageFits = mileage === null || advice.maxMileage === undefined || mileage <= advice.maxMileage;
  if (mileage !== null && advice.maxMileage !== undefined)
    marks.push({ shown: mileageFits, text: `${formatMil(mileage)}, högst ${formatMil(advice.maxMileage)}` });
  const contradicts = statedContradicts(ad.stated ?? {}, advice);
  const bodyFits = advice.bodies.length === 0 || ad.body === undefined || advice.bodies.includes(ad.body);
  const needs: NeedCheck[] = needChecks(ad, advice.needs);
  const needMarks = needs.map(({ shown, text }) => ({ shown, text }));
  return { fits: priceFits && yearFits && mileageFits && !contradicts && bodyFits, marks: [...marks.filter((mark) => mark.shown), ...needMarks] };
}

/** An ad seen above the window whose price is now inside it. */
export function droppedIntoWindow(previousPrice: number, price: number, advice: WatchAdvice): boolean {
  return advice.maxPrice !== undefined && previousPrice > advice.maxPrice && price <= advice.maxPrice && price < previousPrice;
}
