import { generationKey } from "./catalogue.server";
import type { Variant } from "./variant.server";

/** Three child seats across: "seats" three equal separate seats, "wide" a bench that takes three (brochures as remembered, unverified; no Isofix claim). */
const THREE_ACROSS: ReadonlyMap<string, "seats" | "wide"> = new Map([
  ["Citroen|Grand C4 Picasso|II", "seats"],
  ["Citroen|Berlingo|III", "seats"],
  ["Ford|S-Max|I", "seats"],
  ["Ford|Galaxy|III", "seats"],
  ["Seat|Alhambra|II", "seats"],
  ["Volkswagen|Sharan|II", "seats"],
  ["Volkswagen|Touran|I", "seats"],
  ["Volkswagen|Touran|II", "seats"],
  ["Peugeot|5008|I", "seats"],
  ["Peugeot|5008|II", "seats"],
  ["Toyota|Verso|I", "seats"],
  ["Citroen|Berlingo|II", "wide"],
  ["Skoda|Superb|II", "wide"],
  ["Skoda|Superb|III", "wide"],
  ["Volkswagen|Passat|B8", "wide"],
  ["Volvo|XC90|I", "wide"],
  ["Volvo|XC90|II", "wide"],
]);

export function threeAcross(variant: Variant): "seats" | "wide" | null {
  return THREE_ACROSS.get(generationKey(variant)) ?? null;
}
