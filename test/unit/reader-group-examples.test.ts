import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Makes named as examples of a group ("inga kinesiska märken som MG, BYD o Nio") take the group's
 * modality: refused with a refused group, liked with a liked one; an origin before a definite car
 * noun ("de franska bilarna", "dom kinesiska märkena") is the group. Pinned with wording of our own.
 */

describe("examples of a refused group are refused", () => {
  it.each([
    ["inget av dom kinesiska märkena som MG, BYD o Zeekr", ["MG", "BYD", "Zeekr"]],
    ["gärna volvo, men inget av dom andra kinesiska märkena som mg o byd", ["MG", "BYD"]],
    ["inga av de franska bilarna som peugeot eller citroen", ["Peugeot", "Citroen"]],
  ] as const)("%s", (wish, makes) => {
    const reading = read(wish);
    for (const make of makes) expect(reading.hard.excludedMakes).toContain(make);
    for (const make of makes) expect(reading.hard.requiredMakes).not.toContain(make);
  });

  it("'inget av dom kinesiska märkena' refuses the group", () => {
    expect(read("inget av dom kinesiska märkena").hard.excludedMakes).toEqual(expect.arrayContaining(["MG", "BYD"]));
  });
});

describe("examples of a liked group, and numbers, are not refused", () => {
  it("'gärna japanska märken som toyota eller mazda' leans to them", () => {
    const reading = read("gärna japanska märken som toyota eller mazda");
    expect(reading.hard.excludedMakes).toEqual([]);
    expect(reading.preferredMakes).toEqual(expect.arrayContaining(["Toyota", "Mazda"]));
  });

  it("a make after a body, not a group, is no example of a refusal", () => {
    expect(read("ingen suv, vill ha en kombi som volvo v70").hard.excludedMakes).toEqual([]);
  });
});

describe("'varken … eller' refuses its whole list, across commas", () => {
  it.each([
    ["inget kinesiskt, varken mg, byd, nio eller volvo", ["MG", "BYD", "Volvo"]],
    ["varken bmw, audi, xyz eller volvo", ["BMW", "Audi", "Volvo"]],
  ] as const)("%s", (wish, makes) => {
    const reading = read(wish);
    expect(reading.hard.excludedMakes).toEqual(expect.arrayContaining([...makes]));
    expect(reading.hard.requiredMakes).toEqual([]);
  });

  it("what follows the list's 'eller' item is its own: 'varken bmw eller audi, volvo helst'", () => {
    const reading = read("varken bmw eller audi, volvo helst");
    expect(reading.hard.excludedMakes).not.toContain("Volvo");
    expect(reading.preferredMakes).toContain("Volvo");
  });
});
