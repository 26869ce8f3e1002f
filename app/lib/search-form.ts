import { z } from "zod";
import { CREATE_FORM_COPY } from "./failure-copy";
import { CAR_TYPES, cleanDescription, DESCRIPTION_MAX, DESCRIPTION_MIN, MAX_PRICE_MAX, MAX_PRICE_MIN, SELLER_TYPES } from "./search-options";

// Zod probes `new Function("")` for fast parsers; under our CSP (no 'unsafe-eval') that logs a violation
// on every page that parses a form, and workerd forbids eval too. Every client route using zod imports this.
z.config({ jitless: true });

const carTypeValues = Object.keys(CAR_TYPES) as [keyof typeof CAR_TYPES, ...(keyof typeof CAR_TYPES)[]];
const sellerTypeValues = Object.keys(SELLER_TYPES) as [keyof typeof SELLER_TYPES, ...(keyof typeof SELLER_TYPES)[]];

export const CarTypeSchema = z.enum(carTypeValues, { error: CREATE_FORM_COPY["car-type-invalid"]() });
export type CarType = z.infer<typeof CarTypeSchema>;

export const SellerTypeSchema = z.enum(sellerTypeValues, { error: CREATE_FORM_COPY["seller-type-invalid"]() });
export type SellerType = z.infer<typeof SellerTypeSchema>;

/** Swedish-typed prices ("250 000 kr"): digit groups split by spaces, no-break spaces or dots, nothing else. */
function normaliseSek(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const compact = value.replace(/[\s\u00a0\u202f.]/g, "").replace(/kr$/i, "");
  if (compact === "") return undefined;
  return /^\d+$/.test(compact) ? Number(compact) : value;
}

/** A posted description, cleaned (see `cleanDescription`) before any rule counts it; the live reading uses it as is. */
export const DescriptionTextSchema = z.string({ error: CREATE_FORM_COPY["description-missing"]() }).overwrite(cleanDescription);

export const SearchInputSchema = z.object({
  description: DescriptionTextSchema.min(DESCRIPTION_MIN, { error: CREATE_FORM_COPY["description-too-short"](DESCRIPTION_MIN) }).max(DESCRIPTION_MAX, {
    error: CREATE_FORM_COPY["description-too-long"](DESCRIPTION_MAX),
  }),
  maxPrice: z.preprocess(
    normaliseSek,
    z
      .number({ error: CREATE_FORM_COPY["price-not-a-number"]() })
      .int({ error: CREATE_FORM_COPY["price-not-whole"]() })
      .min(MAX_PRICE_MIN, { error: CREATE_FORM_COPY["price-too-low"](MAX_PRICE_MIN) })
      .max(MAX_PRICE_MAX, { error: CREATE_FORM_COPY["price-too-high"](MAX_PRICE_MAX) }),
  ),
  carType: CarTypeSchema,
  sellerType: SellerTypeSchema,
});
export type SearchInput = z.infer<typeof SearchInputSchema>;

export * from "./search-options";
