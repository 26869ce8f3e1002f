import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Figures and choices that lean rather than demand: a power said roughly ("säg 200 hk"), a bare
 * figure after a comma that spells out a hedged wish before it ("gärna nåt med lite kraft, 200 hk+"),
 * a power told of a car already named ("den har typ 70 hk"), and a preference said after the thing
 * ("automat föredras"). Each beside wording that stays hard. Pinned with wording of our own.
 */

describe("a leaning figure or choice is no minimum", () => {
  it.each([
    "inte helt fel med lite kraft, säg 200 hk",
    "gärna nåt med lite kraft, 200 hk+",
    "gärna lite ös i den, typ 180 hästar",
    "vår gamla polo, den har typ 70 hk",
    "lite kraft går bra, säg 200 hk",
  ])("no hard power: %s", (wish) => {
    expect(read(wish).hard.minPowerHp).toBeUndefined();
  });

  it.each([
    "automat föredras",
    "manuell vore inte hela världen men automat föredras",
    "automat föredrar jag",
    "inte helt fel med automat",
    "inte fel med automat",
    "automat vore inte dumt",
  ])("no hard gearbox: %s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBe("automat");
  });
});

describe("a demanded figure or choice stays hard", () => {
  it.each([
    ["minst 200 hk", 200],
    ["den ska ha minst 200 hk", 200],
    ["måste ha nåt med kraft, 200 hk+", 200],
    ["200 hk, inte mindre", 200],
    ["kombi med typ 300 hk", 300],
  ])("hard power: %s", (wish, hp) => {
    expect(read(wish).hard.minPowerHp).toBe(hp);
  });

  it.each(["automat", "automat är ett krav, bensin föredras"])("hard gearbox: %s", (wish) => {
    expect(read(wish).hard.gearbox).toBe("automat");
  });

  it.each(["inte automat", "helt fel med automat för mig, inte automat"])("a plain refusal is no leaning: %s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.gearbox).not.toBe("automat");
    expect(reading.preferredGearbox).not.toBe("automat");
  });
});
