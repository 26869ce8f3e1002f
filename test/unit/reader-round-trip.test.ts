import { describe, expect, it } from "vitest";
import { readWish } from "#test/advice/read-wish";

/** A daily trip there and back, said before how often, in wording of our own: a working day's commute. */

const read = (description: string) => readWish(description, 150_000);

describe("a daily round trip", () => {
  it.each([
    ["Jobbar i Sundsvall, 10 mil tur och retur varje dag. Vill ha kombi", 2300],
    ["pendlar, 6 mil fram och tillbaka om dagen", 1380],
  ])("is counted over a year's working days: %s", (wish, milPerYear) => {
    const { usage } = read(wish);
    expect(usage.milPerYear).toBe(milPerYear);
    expect(usage.milPerYearStated).toBe(true);
  });
});
