import { describe, expect, it } from "vitest";
import { CATALOGUE } from "#app/server/cars/catalogue.server";

// Badge twins built on one line with one engine: the same crash test, reliability, towing and load space.

const TWINS: readonly (readonly string[])[] = [
  ["toyota-proace-ii-2-0-d-4d-skap", "peugeot-expert-iii-2-0-bluehdi-150-skap"],
  ["toyota-proace-verso-2-0-d-4d", "citroen-spacetourer-2-0-bluehdi"],
  ["peugeot-traveller-2-0-bluehdi-180", "citroen-spacetourer-2-0-bluehdi-180"],
  ["peugeot-e-traveller-75kwh", "citroen-e-spacetourer-75kwh", "toyota-proace-verso-electric-75kwh"],
  ["volkswagen-sharan-ii-2-0-tdi", "seat-alhambra-ii-2-0-tdi"],
  ["hyundai-ix20-1-6", "kia-venga-1-6"],
];

const find = (id: string) => {
  const variant = CATALOGUE.find((entry) => entry.id === id);
  if (!variant) throw new Error(`no variant ${id}`);
  return variant;
};
const shared = (id: string) => {
  const v = find(id);
  return { ncap: v.ncap, reliability: v.reliability, towingKg: v.towingKg, bodies: v.bodies };
};

describe("twins in the catalogue", () => {
  it("state the same facts for the same hardware", () => {
    for (const [first, ...rest] of TWINS) for (const other of rest) expect(shared(other), `${other} mot ${first}`).toEqual(shared(first!));
  });

  it("the passenger PSA vans share one Euro NCAP result, the panel vans none", () => {
    expect(find("toyota-proace-verso-2-0-d-4d").ncap).toEqual(find("peugeot-traveller-2-0-bluehdi-180").ncap);
    expect(find("peugeot-expert-iii-2-0-bluehdi-150-skap").ncap).toBeNull();
  });
});
