import { describe, expect, it } from "vitest";
import { parseRequirements } from "#app/server/advice/reading/parse-requirements.server";

/** Modality per clause: hedges, "not ruled out", "tired of", phone spellings; never a hedge made hard. */

const read = (description: string) => parseRequirements({ description, maxPrice: 250_000, carType: "alla", sellerType: "alla" }, { referenceYear: 2026 });

describe("the reader's modality", () => {
  it("reads 'inte uteslutet' as allowed, not refused", () => {
    const reading = read("helst en volvo men en skoda e inte uteslutet heller. kombi m dragkrok");
    expect(reading.hard.excludedMakes).not.toContain("Skoda");
    expect(reading.hard.requiredMakes).toEqual([]);
  });

  it("reads 'tröttnat på X' as avoided, never wanted", () => {
    const reading = read("tröttnat på dieseln, men en bensinhybrid går bra");
    expect(reading.hard.allowedFuels).not.toContain("diesel");
    expect(reading.avoidedFuels).toContain("diesel");
  });

  it("reads a conditional as a wish and 'men inget krav' as waiving it", () => {
    expect(read("vore nice med automat men inget krav").hard.gearbox).toBeUndefined();
    expect(read("en pickup vore kul men en vanlig suv funkar också").hard.bodyTypes).not.toContain("pickup");
    expect(read("vore nice med automat men inget krav").preferredGearbox).toBe("automat");
  });

  it("reads phone spellings as the words they stand for", () => {
    expect(read("vill int ha nån diesel").hard.excludedFuels).toContain("diesel");
    expect(read("ja e 19 o letar efter min forsta bil").usage.driverAge).toBe(19);
    expect(read("nu e ja 55 o vill ha nåt lugnt").usage.driverAge).toBe(55);
  });

  it("reads 'el' between two words as 'eller', never as electric", () => {
    expect(read("hästtransport, suv el pickup").hard.allowedFuels).toEqual([]);
    expect(read("diesel el bensin spelar ingen roll").hard.allowedFuels).toEqual([]);
    expect(read("gärna el, vi har laddbox").preferredFuels).toContain("el");
  });

  it("keeps a rented or earlier car as context", () => {
    const reading = read("hyrde en audi q5 med fyrhjulsdrift, den va skön. vi bor i malmö o behöver nåt smidigt");
    expect(reading.hard.requiredMakes).toEqual([]);
  });
});
