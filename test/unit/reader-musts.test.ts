import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Musts said by refusing their absence or their opposite, and needs said short, pinned with wording
 * of our own (not a corpus wish).
 */

describe("double negation is a must", () => {
  it.each(["aldrig mer en bil utan fyrhjulsdrift", "ingen bil utan 4x4 för oss", "never a car without awd again"])("%s", (wish) => {
    expect(read(wish).hard.awd).toBe(true);
  });

  it("'aldrig utan dragkrok' requires towing", () => {
    expect(read("snickare, aldrig utan dragkrok").hard.minTowingKg).toBeGreaterThan(0);
  });

  it("refusing two-wheel drive asks for all-wheel drive", () => {
    expect(read("vill inte ha tvåhjulsdrift igen, bor i backe").hard.awd).toBe(true);
  });

  it("a place after a refused thing is not refused: 'inte utan fyrhjulsdrift här uppe i Gällivare'", () => {
    const reading = read("kan inte ha en bil utan fyrhjulsdrift här uppe i Gällivare");
    expect(reading.usage.northern).toBe(true);
    expect(reading.hard.awd).toBe(true);
  });
});

describe("said short", () => {
  it.each(["halvkombi med drag", "kombi, drag, automat"])("'drag' after 'med' or in a list is a towbar, as 'dragkrok' is: %s", (wish) => {
    expect(read(wish).wishes.towing ?? 0).toBeGreaterThan(0);
  });

  it("'drag' as a pull is no towbar", () => {
    expect(read("bilen ska ha bra drag i motorn").wishes.towing).toBeUndefined();
  });

  it("a clause that is only an adult's years is the writer's age: '45 år, bor i Borås'", () => {
    expect(read("45 år, bor i Borås. vill ha en kombi").usage.driverAge).toBe(45);
  });
});
