import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Litotes leans to the thing; tolerance allows it and never asks for it. Wordings of our own. */
describe("litotes with a conditional verb leans to the thing", () => {
  it.each([
    ["automat hade inte suttit fel", "automat"],
    ["manuell hade inte varit fel heller", "manuell"],
    ["automat hade suttit fint", "automat"],
  ] as const)("%s", (wish, gearbox) => {
    const reading = read(wish);
    expect(reading.preferredGearbox).toBe(gearbox);
    expect(reading.hard.gearbox).toBeUndefined();
  });

  it("'en kombi hade inte suttit fel' leans to a kombi", () => {
    expect(read("en kombi hade inte suttit fel").preferredBodyTypes).toContain("kombi");
  });

  it("'dragkrok skulle inte vara dumt' wishes towing softly", () => {
    const reading = read("dragkrok skulle inte vara dumt");
    expect(reading.wishes.towing).toBeGreaterThan(0);
    expect(reading.hard.minTowingKg).toBeUndefined();
  });

  it("a car one had is still told: 'vi hade kört diesel i många år' asks for nothing", () => {
    expect(read("vi hade kört diesel i många år").hard.allowedFuels).toEqual([]);
  });
});

describe("what the buyer can live with is allowed, never wanted", () => {
  it.each(["Peugeot kan jag överleva om frun envisar sig", "en Fiat kan vi leva med", "Opel står jag ut med", "Citroën får väl duga"])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).toEqual([]);
  });

  it.each([
    ["manuell kan jag leva med", "gearbox"],
    ["diesel kan vi leva med om det måste", "fuel"],
  ] as const)("%s", (wish, family) => {
    const reading = read(wish);
    if (family === "gearbox") expect(reading.hard.gearbox).toBeUndefined();
    else expect(reading.hard.allowedFuels).toEqual([]);
  });
});
