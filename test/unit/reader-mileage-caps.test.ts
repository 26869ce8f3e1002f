import { describe, expect, it } from "vitest";
import { mileageSource } from "#app/lib/mileage-source";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * The most a buyer drives in a day, week or month, or what they drive only some days, is no yearly figure: multiplied out it
 * made every car look expensive. It is noted in the buyer's words and the yearly figure stays our assumption. Wordings of our own.
 */
describe("a daily, weekly or monthly ceiling is noted, never scaled into a year", () => {
  it.each([
    "Max 8 mil om dagen, helst kombi",
    "kör högst 15 mil per dag i jobbet",
    "upp till 20 mil om dan när det e mycket",
    "som mest 40 mil i veckan",
    "kör nog 10 mil per dag som mest",
    "aldrig mer än 300 mil i månaden",
  ])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.usage.milPerYearStated).toBe(false);
    expect(notedTexts(wish).some((text) => text.startsWith("Högsta körsträcka"))).toBe(true);
  });

  it("a ceiling beside a usual figure leaves the usual one as the year's", () => {
    const reading = read("pendlar 3 mil om dagen, max 10 mil per dag");
    expect(reading.usage.milPerYearStated).toBe(true);
    expect(reading.usage.milPerYear).toBeLessThan(1000);
  });

  it("a ceiling on a whole year is the buyer's own yearly figure", () => {
    const reading = read("kör högst 900 mil om året");
    expect(reading.usage).toMatchObject({ milPerYear: 900, milPerYearStated: true });
  });

  it("a limit that follows the period is its own ('4 mil om dagen, max 150 lax')", () => {
    const reading = read("pendlar 4 mil om dagen, max 150 lax", 150_000);
    expect(reading.usage.milPerYearStated).toBe(true);
  });
});

describe("driving only some days is noted, not a daily habit", () => {
  it.each(["ibland 25 mil om dagen", "kör emellanåt 30 mil per dag till kunder", "nån gång 50 mil i veckan"])("%s", (wish) => {
    expect(read(wish).usage.milPerYearStated).toBe(false);
    expect(notedTexts(wish).some((text) => text.startsWith("Körsträcka vissa dagar"))).toBe(true);
  });

  it("a one-off trip is a long trip, not yearly driving", () => {
    const reading = read("ska köra 90 mil till Norge en gång i sommar");
    expect(reading.usage.milPerYearStated).toBe(false);
    expect(reading.wishes.longTrips ?? 0).toBeGreaterThan(0);
  });
});

describe("the yearly figure is quoted from the usual driving, not from a ceiling", () => {
  it("skips a day's most when it names the source", () => {
    expect(mileageSource("max 12 mil per dag men oftast 4 mil om dagen", true)).toBe("räknat från 4 mil om dagen");
    expect(mileageSource("kör högst 900 mil om året", true)).toBe("som du skrev");
  });
});

describe("a figure per working day is a commute on working days", () => {
  it.each([
    ["5 mil tur och retur varje arbetsdag", 1150],
    ["kör 4 mil på vardagarna", 920],
    ["8 mil per jobbdag fram och tillbaka", 1840],
  ] as const)("%s", (wish, mil) => {
    expect(read(wish).usage).toMatchObject({ milPerYear: mil, milPerYearStated: true });
  });
});
