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

/** Carries a wish typed on the landing page through sign-in to the create form. */
export const WISH_PARAM = "onskemal";
export const CREATE_PATH = "/recommendations/create";

/** Text only, control characters (but line breaks and tabs) removed, capped; only ever rendered as a form value. */
export function wishFromParam(value: unknown): string {
  if (typeof value !== "string") return "";
  const cleaned = value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
  return Array.from(cleaned.trim()).slice(0, DESCRIPTION_MAX).join("").trim();
}

export function createPathWithWish(wish: unknown): string {
  const text = wishFromParam(wish);
  return text ? `${CREATE_PATH}?${new URLSearchParams({ [WISH_PARAM]: text })}` : CREATE_PATH;
}
