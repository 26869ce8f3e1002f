/**
 * The search form's vocabulary and the wish carried from the landing page: plain constants and
 * string helpers, no zod, so the landing page, the header and the result pages can use them
 * without shipping the schema library (app/lib/search-form.ts has the schemas and re-exports this).
 */

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
