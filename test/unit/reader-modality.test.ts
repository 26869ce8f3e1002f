import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Modality per clause: hedges, "not ruled out", "tired of", phone spellings; never a hedge made hard. */

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

describe("the reader's Swedish numbers", () => {
  it.each([
    ["behöver en bil som klarar att dra tvåtusen kilo", { minTowingKg: 2000 }],
    ["husvagnen väger en och en halv ton o ska dras", { minTowingKg: 1500 }],
    ["inte äldre än tjugohundraarton", { minModelYear: 2018 }],
    ["minst tvåhundra hästar o inte mer än femtusen mil på mätarn", { minPowerHp: 200, maxOdometerMil: 5000 }],
  ])("%s", (description, hard) => {
    expect(read(description).hard).toMatchObject(hard);
  });

  it("reads the old car's power as context", () => {
    expect(read("hade en golf gti på 230 hästar när ja va ung, nu vill ja ha nåt lugnt").hard.minPowerHp).toBeUndefined();
  });

  it("reads 'inte drar så mkt bensin' as thirst, not a refused fuel", () => {
    const reading = read("ja vill ha nåt som e bra på vintern o inte drar så mkt bensin");
    expect(reading.hard.excludedFuels).toEqual([]);
    expect(reading.wishes.economy ?? 0).toBeGreaterThan(0);
  });
});
