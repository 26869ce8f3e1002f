import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Long trips said as a distance, a budget hoped lower, and a range said beside a trip, pinned with wording of our own. */

describe("a far destination is a long-trip wish", () => {
  it.each(["åker till svärmor i Luleå ibland, det är 30 mil dit", "upp till fjällstugan varannan helg, ca 40 mil enkel väg"])("%s", (wish) => {
    expect(read(wish).wishes.longTrips ?? 0).toBeGreaterThan(0);
  });

  it("a daily commute is no long trip", () => {
    expect(read("pendlar 3 mil enkel väg varje dag").wishes.longTrips ?? 0).toBe(0);
  });

  it("a short errand is no long trip", () => {
    expect(read("till affären är det 2 mil dit").wishes.longTrips ?? 0).toBe(0);
  });
});

describe("a budget hoped lower wants a cheap car", () => {
  it.each(["max 150 000 men helst mindre", "runt 90 lax, helst lite under", "budget 200 tusen, gärna lägre om det går"])("%s", (wish) => {
    expect(read(wish).wishes.cheapToBuy ?? 0).toBeGreaterThan(0);
  });

  it("'helst mindre bil' is about the size, not the price", () => {
    expect(read("helst mindre bil än vår gamla").wishes.cheapToBuy ?? 0).toBe(0);
  });
});

describe("a range beside a trip", () => {
  it("'det är 50 mil dit så räckvidden måste vara minst 30 mil' asks 30 mil of range", () => {
    const reading = read("elbil, vi åker till farmor, det är 50 mil dit så räckvidden måste vara minst 30 mil");
    expect(reading.hard.minRangeKm).toBe(300);
  });

  it("a minimum said after its figure is that figure's: 'räckvidd 45 mil minst'", () => {
    expect(read("elbil med räckvidd 45 mil minst, laddar hemma").hard.minRangeKm).toBe(450);
  });
});

describe("daily driving counted by the days it is done", () => {
  it("'12 mil om dagen, fem dagar i veckan' is about 230 days", () => {
    const mil = read("kör 12 mil om dagen, fem dagar i veckan, mest landsväg").usage.milPerYear;
    expect(mil).toBeGreaterThan(2500);
    expect(mil).toBeLessThan(3000);
  });

  it("daily driving with work in the sentence runs on working days", () => {
    expect(read("åker 6 mil om dagen, jobbet ligger i grannstaden").usage.milPerYear).toBe(1380);
  });

  it("daily driving with no work named runs all year", () => {
    expect(read("kör hunden och handlar, 2 mil om dagen").usage.milPerYear).toBe(730);
  });
});
