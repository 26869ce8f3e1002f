import { describe, expect, it } from "vitest";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { seatsText } from "#app/server/advice/facts-text.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { isVerified, seatsIn, thirdRowIn } from "#app/server/cars/variant.server";

const find = (id: string) => {
  const variant = CATALOGUE.find((v) => v.id === id);
  if (!variant) throw new Error(`${id} is in the catalogue`);
  return variant;
};

// Figures an outside check against the makers' data found wrong; each stays fixed.
describe("figures corrected after the outside check", () => {
  it("gives the E 200 Cabriolet/Coupé its launch power, 184 hk, and the facelift's 197 hk only from 2021", () => {
    const launch = find("mercedes-benz-e-klass-a238-cabriolet-e200");
    expect(launch.powerHp).toBe(184);
    expect(launch.years).toEqual([2017, 2020]);
    const facelift = find("mercedes-benz-e-klass-a238-cabriolet-e200-facelift");
    expect(facelift.powerHp).toBe(197);
    expect(facelift.years[0]).toBe(2021);
    // No model year carries both figures.
    expect(CATALOGUE.filter((v) => v.generation === "A238/C238" && v.name.startsWith("E 200") && v.years[0] <= 2019 && v.years[1] >= 2019)).toHaveLength(1);
  });

  it("stores the Sorento plug-in hybrid's usable battery, not Kia's 13.8 kWh gross, and says it is unverified", () => {
    const sorento = find("kia-sorento-iv-plug-in-hybrid-awd");
    expect(sorento.batteryKwh).toBeLessThan(13.8);
    expect(sorento.batteryKwh).toBeGreaterThanOrEqual(10);
    expect(isVerified(sorento, "batteryKwh")).toBe(false);
    expect(sorento.source).toMatch(/13,8 kWh brutto/);
  });
});

// Variant facts the five-wish read found a generation off; the makers' data for the years the cards recommend.
describe("figures corrected after the five-wish read", () => {
  const powerIn = (id: string, year: number) => {
    const variant = find(id);
    const facts = cardFacts(
      {
        variant,
        window: { yearFrom: year, yearTo: year, priceFrom: 1, priceTo: 2, mileageTo: 500, body: variant.bodies[0]! },
        costs: { ageYears: 2026 - year },
      } as unknown as Candidate,
      parseRequirements({ description: "En bra bil.", maxPrice: 500_000, carType: "alla", sellerType: "alla" }, { referenceYear: 2026 }),
    );
    return facts.powers.map((entry) => entry.hp);
  };

  it("gives each engine the power of its own years: RAV4 III 2.0 Valvematic, XC90 I D5, Swift AllGrip SHVS, V40 CC T5", () => {
    expect(powerIn("toyota-rav4-iii-2-0-awd", 2007)).toEqual([152]);
    expect(powerIn("toyota-rav4-iii-2-0-awd", 2011)).toEqual([158]);
    expect(powerIn("volvo-xc90-i-d5-awd", 2004)).toEqual([163]);
    expect(powerIn("volvo-xc90-i-d5-awd", 2008)).toEqual([185]);
    expect(powerIn("volvo-xc90-i-d5-awd", 2011)).toEqual([200]);
    expect(powerIn("suzuki-swift-iv-1-2-allgrip-awd", 2019)).toEqual([90]);
    expect(powerIn("suzuki-swift-iv-1-2-allgrip-awd", 2021)).toEqual([83]);
    expect(powerIn("volvo-v40-cross-country-t5-awd", 2014)).toEqual([254]);
    expect(powerIn("volvo-v40-cross-country-t5-awd", 2017)).toEqual([245]);
  });

  it("insures the 197 hk, seven-seat Sorento II in the class of its successors, not as a småbil (3 300 kr was 'lowest' beside a Passat)", () => {
    expect(find("kia-sorento-ii-2-2-crdi-awd").costClass).toBe(find("kia-sorento-iii-2-2-crdi-awd").costClass);
  });

  it("seats the E-Klass estate's rear-facing third row in the estate only, never in the sedan", () => {
    for (const id of ["mercedes-benz-e-klass-w212-e-220-cdi", "mercedes-benz-e-klass-w213-e-220-d"]) {
      const variant = find(id);
      expect(seatsIn(variant, "sedan")).toBe(5);
      expect(thirdRowIn(variant, "sedan")).toBeUndefined();
      expect(seatsIn(variant, "kombi")).toBe(7);
      expect(seatsText(variant, "sedan")).toBe("5 säten");
      expect(seatsText(variant, "kombi")).toBe("5 säten som standard, 7 med den tredje raden som var tillval och passar barn");
    }
  });
});
