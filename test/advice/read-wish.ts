import { parseRequirements } from "#app/server/reading/parse-requirements.server";

/** The parser's reading of a wish as the reader tests pin it: the whole market, reference year 2026. */
export function readWish(description: string, maxPrice = 250_000) {
  return parseRequirements({ description, maxPrice, carType: "alla", sellerType: "alla" }, { referenceYear: 2026 });
}

/** The texts of what the reading shows as "Noterat". */
export function notedTexts(description: string): string[] {
  return readWish(description).noted.map((item) => item.text);
}
