import { z } from "zod";
import pricesJson from "./rules/new-car-prices.json" with { type: "json" };

/** The catalogue's prices are used-market asking prices and must never stand in for these. */
const NewCarPriceSchema = z.object({
  variantId: z.string().min(1),
  modelYear: z.number().int().min(1985).max(2100),
  price: z.number().int().min(50_000).max(10_000_000),
  /** The equipment level the price is for; more equipment raises the förmånsvärde. */
  trim: z.string().min(2).max(80),
  source: z.string().min(10),
});
export type NewCarPrice = z.infer<typeof NewCarPriceSchema>;

const TABLE = z.object({ prices: z.array(NewCarPriceSchema) }).parse(pricesJson).prices;

export type NewCarPriceLookup = (variantId: string, modelYear: number) => NewCarPrice | undefined;

export const NEW_CAR_PRICES: readonly NewCarPrice[] = TABLE;

export const lookupNewCarPrice: NewCarPriceLookup = (variantId, modelYear) =>
  TABLE.find((entry) => entry.variantId === variantId && entry.modelYear === modelYear);
