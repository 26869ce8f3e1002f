import type { BodyType } from "#app/lib/car-facts";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { Term } from "./intent.server";

type Window = { body: { type: BodyType; bootLitres: number | null } };

/** A mid-size van (Transporter, Vito, Trafic, Proace, Transit Custom) carries shelving, long lengths and a tonne; a small one is for light loads. */
const VAN_FULL_LITRES = 5000;
const VAN_SMALL_LITRES = 3000;
const VAN_WEIGHT = 3;
const NOT_A_VAN = 60;

const asksForVan = (req: BuyerRequirements) => req.hard.bodyTypes.includes("skapbil") || req.preferredBodyTypes.includes("skapbil");

function vanFit(window: Window): number {
  if (window.body.type !== "skapbil") return NOT_A_VAN;
  const litres = window.body.bootLitres ?? VAN_SMALL_LITRES;
  return Math.min(100, Math.max(0, ((litres - VAN_SMALL_LITRES) / (VAN_FULL_LITRES - VAN_SMALL_LITRES)) * 100));
}

const namesSmallClass = (req: BuyerRequirements) => req.hard.sizes.some((size) => size !== "large" && size !== "xl");

export function vanSizeTerm(window: Window, req: BuyerRequirements): Term | null {
  return asksForVan(req) && !namesSmallClass(req) ? { value: vanFit(window), weight: VAN_WEIGHT } : null;
}
