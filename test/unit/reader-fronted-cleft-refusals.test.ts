import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A refusal after the verb ("elbil blir det aldrig", "diesel tänker jag inte köpa") and a negative pseudo-cleft ("det jag inte
 * vill ha är …") refuse the thing, however far it stands from the negation. Wordings of our own.
 */
describe("a thing put first, then a verb, its subject and a negation, is refused", () => {
  it.each([
    ["en elbil blir det aldrig", "el"],
    ["diesel blir de inte, kombi däremot", "diesel"],
    ["bensin tänker jag inte köpa", "bensin"],
    ["elbil e det inte tal om", "el"],
    ["hybrid blir det nog inte", "elhybrid"],
  ] as const)("%s", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.hard.excludedFuels).toContain(fuel);
    expect(reading.hard.allowedFuels).not.toContain(fuel);
  });

  it("a body put first the same way is refused", () => {
    expect(read("en suv blir det aldrig").hard.bodyTypes).not.toContain("suv");
  });

  it("a wish put first with a verb and no negation stays a wish: 'diesel blir det'", () => {
    expect(read("diesel blir det").hard.allowedFuels).toContain("diesel");
  });
});

describe("a negative pseudo-cleft refuses what follows its copula", () => {
  it.each([
    [
      "det jag absolut inte vill ha e en stor suv som kränger",
      (r: ReturnType<typeof read>) => !r.hard.bodyTypes.includes("suv") && r.preferredBodyTypes.length === 0,
    ],
    ["det vi aldrig mer köper är en tysk diesel", (r: ReturnType<typeof read>) => r.hard.allowedFuels.length === 0 && r.preferredFuels.length === 0],
    ["vad jag inte vill ha e nåt lågbyggt som skrapar i backarna", (r: ReturnType<typeof read>) => (r.wishes.groundClearance ?? 0) > 0],
  ] as const)("%s", (wish, holds) => {
    expect(holds(read(wish))).toBe(true);
  });

  it("a positive pseudo-cleft still asks: 'det jag vill ha är en kombi'", () => {
    expect(read("det jag vill ha är en kombi").hard.bodyTypes).toEqual(["kombi"]);
  });

  it("an unreliable car refused asks for reliability", () => {
    expect(read("inte en bil som står mer på verkstan än den rullar").wishes.reliability ?? 0).toBeGreaterThan(0);
  });
});
