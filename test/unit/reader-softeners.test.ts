import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** A plan named ("tänkte X"), or a clause that only hedges after a comma, makes a leaning, not a must. Wordings of our own. */
describe("softeners make a leaning", () => {
  it.each([
    ["tänkte toyota hybrid typ corolla touring el camry", "Toyota"],
    ["tänkte en volvo kanske", "Volvo"],
    ["tänkte kia, ceed eller niro", "Kia"],
  ] as const)("%s", (wish, make) => {
    const reading = read(wish);
    expect(reading.preferredMakes).toContain(make);
    expect(reading.hard.requiredMakes).toEqual([]);
  });

  it.each([
    ["diesel, om det nu spelar nån roll", "diesel"],
    ["bensin, om möjligt", "bensin"],
  ] as const)("%s", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.preferredFuels).toContain(fuel);
    expect(reading.hard.allowedFuels).toEqual([]);
  });

  it("'kombi, om möjligt' leans to a kombi", () => {
    const reading = read("kombi, om möjligt");
    expect(reading.preferredBodyTypes).toContain("kombi");
    expect(reading.hard.bodyTypes).toEqual([]);
  });

  it("a must keeps its clause: 'måste ha automat, tror jag'", () => {
    expect(read("måste ha automat, tror jag").hard.gearbox).toBe("automat");
  });
});

describe("an approximate count of seats with no must is a leaning", () => {
  it.each(["typ 7 platser", "ett par ungar, ca 7 platser", "kombi med runt 7 säten"])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.minSeats).toBeUndefined();
    expect(reading.wishes.space).toBeGreaterThan(0);
  });

  it.each(["behöver typ 7 platser", "minst 7 platser", "7 platser"])("stays hard: %s", (wish) => {
    expect(read(wish).hard.minSeats).toBe(7);
  });
});
