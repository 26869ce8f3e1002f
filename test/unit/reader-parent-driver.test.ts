import { describe, expect, it } from "vitest";
import { readWish } from "#test/advice/read-wish";

/** A car bought for a parent, in wording of our own: the parent's age is the driver's age. */

const read = (description: string) => readWish(description, 150_000);

describe("a car for a parent", () => {
  it.each([
    ["Letar en liten automat åt min pappa 84 år, lätt att kliva in i", 84],
    ["Bilen ska vara till min mamma, hon är 77 och kör mest i stan", 77],
  ])("takes the parent's age as the driver's: %s", (wish, age) => {
    expect(read(wish).usage.driverAge).toBe(age);
  });

  it("a parent named beside a car for the writer leaves the writer's age", () => {
    expect(read("Jag är 41. Min mamma 70 år säger Toyota").usage.driverAge).toBe(41);
  });
});
