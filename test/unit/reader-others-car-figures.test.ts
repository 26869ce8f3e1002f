import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** A figure or feature joined to another person's car ("… kör en Audi A6 med 340 hk") is that car's, not a need. Wordings of our own. */
describe("what is joined to someone else's car is context", () => {
  it.each([
    "Min sambo kör en Audi A6 med 340 hk o jag vill ha nåt eget",
    "farsan har en bmw 530d på typ 280 hk",
    "min sambo har en bmw x5 med typ 400 hk, jag vill ha nåt snålt",
    "min bror kör en passat på 240 hk, själv vill jag ha nåt lugnt",
  ])("%s", (wish) => {
    expect(read(wish).hard.minPowerHp).toBeUndefined();
  });

  it("'min fru kör en golf med automat, jag vill ha en kombi' asks for the kombi, not the automat", () => {
    const reading = read("min fru kör en golf med automat, jag vill ha en kombi");
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.hard.bodyTypes).toEqual(["kombi"]);
  });

  it.each([
    ["vill ha en volvo v70 med 200 hk", 200],
    ["behöver en kombi med 150 hk", 150],
  ] as const)("the buyer's own figure stays: %s", (wish, hp) => {
    expect(read(wish).hard.minPowerHp).toBe(hp);
  });
});
