import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Trips, estimates, hearsay and refusals of someone's advice, pinned with wording of our own (not a corpus wish). */

describe("how often a trip is made", () => {
  it.each([
    ["till sommarstället varannan helg, 10 mil enkel väg", 520],
    ["kör till mamma ett par gånger i månaden, 25 mil tur och retur", 600],
    ["pendlar 8 mil tur och retur tre dagar i veckan", 1104],
  ])("%s", (wish, milPerYear) => {
    expect(read(wish).usage.milPerYear).toBe(milPerYear);
  });
});

describe("estimates and loads", () => {
  it("'väger kanske 900 kilo' is an estimate, not a hedge", () => {
    expect(read("vi har en båtkärra som väger kanske 900 kilo").hard.minTowingKg).toBe(900);
  });

  it("'riktig fyrhjulsdrift' is all-wheel drive", () => {
    expect(read("alltså riktig fyrhjulsdrift, bor på landet").hard.awd).toBe(true);
  });
});

describe("whose word", () => {
  it("hearsay is no refusal: 'har läst att dieslar är dåliga'", () => {
    expect(read("har läst att dieslar är dåliga i stan, men vet inte").hard.excludedFuels).toEqual([]);
  });

  it("'svärmor tjatar om en volvo, men det vill jag inte' refuses it", () => {
    expect(read("svärmor tjatar om en volvo, men det vill jag inte").hard.excludedMakes).toContain("Volvo");
  });

  it("'förra året' is a time, not a previous car", () => {
    expect(read("bilen gick sönder förra året, blir aldrig mer en fiat").hard.excludedMakes).toContain("Fiat");
  });
});

describe("charging", () => {
  it.each([
    ["bor i lägenhet utan laddning", false],
    ["har precis fått ladduttag installerat i garaget", true],
  ])("%s", (wish, charging) => {
    expect(read(wish).situation?.homeCharging).toBe(charging);
  });
});
