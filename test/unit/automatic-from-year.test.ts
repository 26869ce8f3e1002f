import { describe, expect, it } from "vitest";
import { eligibleYears } from "#app/server/advice/enforcement.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { readWish as read } from "#test/advice/read-wish";

// The ninth review: "Dina krav stämmer in på Puma 1.0 EcoBoost Hybrid 125: automatlåda" on a card from 2020, a year with no automatic.

describe("an automatic that came later narrows the years for a buyer who requires one", () => {
  const puma = getVariant("ford-puma-ii-1-0-ecoboost-hybrid")!;
  it("starts the Puma mHEV at 2021 for an automatic, and at 2020 otherwise", () => {
    expect(eligibleYears(puma, read("Automat är ett måste, vill sitta högt.").hard)?.[0]).toBe(2021);
    expect(eligibleYears(puma, read("Vill sitta högt, manuell går bra.").hard)?.[0]).toBe(2020);
  });
});
