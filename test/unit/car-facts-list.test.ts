import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CarFactsList } from "#app/components/car-facts";
import type { CarFacts } from "#app/lib/recommendation";

const facts: CarFacts = {
  generation: "G87",
  fuel: "bensin",
  drivetrain: "rwd",
  gearboxes: ["manuell", "automat"],
  body: "coupe",
  bootLitres: 390,
  seats: 4,
  thirdRowAdult: null,
  towingKg: 0,
  powerHp: 460,
  consumption: { litresPerMil: 1.05 },
  ncap: null,
  energyPerMil: 16.8,
};

/** The rendered rows as "label: value" lines. */
function rows(input: CarFacts): string[] {
  const html = renderToStaticMarkup(createElement(CarFactsList, { facts: input }));
  return [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);
}

describe("the facts list never shows an unverified figure as certain", () => {
  it("marks exactly the rows whose figure the catalogue could not check", () => {
    const shown = rows({ ...facts, unverified: ["towingKg", "powerHp"] });
    expect(shown).toContain("Dragvikt: ej godkänd för släp (ej kontrollerad uppgift)");
    expect(shown).toContain("Effekt: 460 hk (ej kontrollerad uppgift)");
    expect(shown.filter((row) => row.includes("ej kontrollerad"))).toHaveLength(2);
  });

  it("states checked figures plainly, and results saved before the marker stay as they were", () => {
    expect(rows(facts).some((row) => row.includes("ej kontrollerad"))).toBe(false);
    expect(rows(facts)).toContain("Effekt: 460 hk");
  });
});
