import { z } from "zod";

// Zod probes `new Function("")` once to decide whether it may compile fast parsers. Under our CSP
// (no 'unsafe-eval') the browser refuses and reports a CSP violation on every page that parses a
// form (Lighthouse: best practices 96, "Issues logged in the Chrome DevTools Issues panel"). The
// Worker already runs jitless (workerd forbids eval too), so turn the probe off everywhere. This
// module is the one every client route using zod imports.
z.config({ jitless: true });

/** Body types the buyer can choose, value → Swedish label (the order is the form's order). */
export const CAR_TYPES = {
  alla: "Alla",
  smabil: "Småbil",
  halvkombi: "Halvkombi",
  sedan: "Sedan",
  kombi: "Kombi",
  suv: "SUV",
  familjebuss: "Familjebuss/MPV",
  "coupe-cab": "Coupé/Cab",
  pickup: "Pickup",
  skapbil: "Skåpbil",
} as const;

export const SELLER_TYPES = {
  alla: "Alla",
  privat: "Privat",
  handlare: "Handlare",
} as const;

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
export const MAX_PRICE_MIN = 10_000;
export const MAX_PRICE_MAX = 5_000_000;

const carTypeValues = Object.keys(CAR_TYPES) as [keyof typeof CAR_TYPES, ...(keyof typeof CAR_TYPES)[]];
const sellerTypeValues = Object.keys(SELLER_TYPES) as [
  keyof typeof SELLER_TYPES,
  ...(keyof typeof SELLER_TYPES)[],
];

export const CarTypeSchema = z.enum(carTypeValues, { error: "Välj en karosstyp i listan." });
export type CarType = z.infer<typeof CarTypeSchema>;

export const SellerTypeSchema = z.enum(sellerTypeValues, { error: "Välj en säljartyp i listan." });
export type SellerType = z.infer<typeof SellerTypeSchema>;

/**
 * Buyers type prices the Swedish way ("250 000", "250 000 kr"); accept digit groups separated by
 * spaces, non-breaking spaces or dots, and nothing else.
 */
function normaliseSek(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const compact = value.replace(/[\s\u00a0\u202f.]/g, "").replace(/kr$/i, "");
  if (compact === "") return undefined;
  return /^\d+$/.test(compact) ? Number(compact) : value;
}

export const SearchInputSchema = z.object({
  description: z
    .string({ error: "Beskriv vilken bil du letar efter." })
    .trim()
    .min(DESCRIPTION_MIN, { error: `Beskriv dina önskemål med minst ${DESCRIPTION_MIN} tecken.` })
    .max(DESCRIPTION_MAX, { error: `Beskrivningen får vara högst ${DESCRIPTION_MAX} tecken.` }),
  maxPrice: z.preprocess(
    normaliseSek,
    z
      .number({ error: "Ange ett maxpris i hela kronor, till exempel 250 000." })
      .int({ error: "Ange maxpriset i hela kronor, utan ören." })
      .min(MAX_PRICE_MIN, { error: "Maxpriset måste vara minst 10 000 kr." })
      .max(MAX_PRICE_MAX, { error: "Maxpriset får vara högst 5 000 000 kr." }),
  ),
  carType: CarTypeSchema,
  sellerType: SellerTypeSchema,
});
export type SearchInput = z.infer<typeof SearchInputSchema>;

/** The query parameter that carries a wish typed on the landing page through sign-in to the create form. */
export const WISH_PARAM = "onskemal";
export const CREATE_PATH = "/recommendations/create";

/**
 * A wish from a URL, fit to prefill the description: text only, control characters (other than
 * line breaks and tabs) removed, at most DESCRIPTION_MAX characters, trimmed. Anything else is "".
 * It is only ever rendered as a form value, which React escapes.
 */
export function wishFromParam(value: unknown): string {
  if (typeof value !== "string") return "";
  const cleaned = value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
  return Array.from(cleaned.trim()).slice(0, DESCRIPTION_MAX).join("").trim();
}

/** The create form's path, carrying a wish when there is one. */
export function createPathWithWish(wish: unknown): string {
  const text = wishFromParam(wish);
  return text ? `${CREATE_PATH}?${new URLSearchParams({ [WISH_PARAM]: text })}` : CREATE_PATH;
}
