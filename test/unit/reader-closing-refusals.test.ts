import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** A negation placed after the thing ("Elbil absolut inte", "automat, inte", "SUV? aldrig") refuses it. Wordings of our own. */
describe("a negation after the thing refuses it", () => {
  it.each([
    ["Elbil absolut inte", "el"],
    ["elbil inte, vi har ingen laddning", "el"],
    ["Diesel aldrig i livet", "diesel"],
    ["bensin helst, diesel, absolut inte.", "diesel"],
    ["kombi o drag. diesel verkligen inte!", "diesel"],
  ] as const)("%s", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.hard.excludedFuels).toContain(fuel);
    expect(reading.hard.allowedFuels).not.toContain(fuel);
  });

  it.each([
    ["automat, inte", "manuell"],
    ["manuell absolut inte, kör mest i stan", "automat"],
  ] as const)("%s", (wish, gearbox) => {
    expect(read(wish).hard.gearbox).toBe(gearbox);
  });

  it.each(["Volvo inte, hade en förut", "kombi ska det va, men bmw absolut inte"])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.hard.excludedMakes.length).toBe(1);
  });

  it("'kombi, aldrig i livet' leaves the kombi out", () => {
    expect(read("kombi, aldrig i livet").hard.bodyTypes).not.toContain("kombi");
  });
});

describe("a negation that is not bare after the thing does not refuse it", () => {
  it("'diesel eller bensin, vet inte' refuses neither", () => {
    expect(read("diesel eller bensin, vet inte").hard.excludedFuels).toEqual([]);
  });

  it("'bensin, inte diesel' refuses only diesel", () => {
    const reading = read("bensin, inte diesel");
    expect(reading.hard.excludedFuels).toEqual(["diesel"]);
    expect(reading.hard.allowedFuels).toContain("bensin");
  });
});
