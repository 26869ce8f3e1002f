// No zod here, so the landing page and header can use these without shipping the schema library.

/** In the form's order. */
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

/** The wish field's name, on the landing page and in "Försök igen" (posted; never in a URL). */
export const WISH_PARAM = "onskemal";
export const CREATE_PATH = "/recommendations/create";

/**
 * Control characters (line breaks and tabs aside) and the invisible bidirectional marks, embeddings, overrides and isolates: they make a saved wish (and what
 * the model and the export get) read otherwise than the characters it holds. A zero-width joiner stays (emoji sequences need it).
 */
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Every posted description passes here (through the form schema's description, or `wishFromParam`). */
export function cleanDescription(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(HIDDEN_CONTROLS, "")
    .trim();
}

/** Text only, cleaned like a description, capped; only ever rendered as a form value. */
export function wishFromParam(value: unknown): string {
  if (typeof value !== "string") return "";
  return Array.from(cleanDescription(value)).slice(0, DESCRIPTION_MAX).join("").trim();
}
