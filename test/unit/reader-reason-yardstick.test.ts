import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** A comparison given as a reason ("eftersom dom e billigare än VW") names a yardstick, neither avoided nor wanted. Wordings of our own. */
describe("a make compared with in a reason is a yardstick", () => {
  it.each([
    ["Skoda helst eftersom dom e billigare än VW", "Skoda", "Volkswagen"],
    ["helst en Toyota eftersom dom håller längre än Fiat", "Toyota", "Fiat"],
    ["gärna Volvo då dom är tryggare än Kia", "Volvo", "Kia"],
  ] as const)("%s", (wish, liked, yardstick) => {
    const reading = read(wish);
    expect(reading.preferredMakes).toContain(liked);
    expect(reading.preferredMakes).not.toContain(yardstick);
    expect(reading.avoidedMakes).not.toContain(yardstick);
    expect(reading.hard.requiredMakes).not.toContain(yardstick);
  });

  it("a required group keeps the compared members: 'måste va VAG, Seat helst eftersom de e billigare än Audi'", () => {
    const reading = read("måste va nåt från VAG, Seat helst eftersom de e billigare än Audi");
    expect(reading.hard.requiredMakes).toEqual(expect.arrayContaining(["Audi", "Seat", "Volkswagen"]));
    expect(reading.avoidedMakes).toEqual([]);
  });

  it("'hellre Skoda än VW' still leans away from VW", () => {
    expect(read("helst Skoda, hellre än VW").avoidedMakes).toContain("Volkswagen");
  });
});
