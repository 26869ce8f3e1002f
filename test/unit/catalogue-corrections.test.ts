import { describe, expect, it } from "vitest";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { isVerified } from "#app/server/cars/variant.server";

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
