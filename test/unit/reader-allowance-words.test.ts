import { describe, expect, it } from "vitest";
import { TAGGER_OFF, withTagger } from "#app/server/reading/tagger.server";
import { readWish as read } from "#test/advice/read-wish";

/**
 * An allowance said after a thing with no verb ("diesel ok", "manuell okej", "suv fine") or opened by
 * a permissive modal ("den kan va diesel") allows the thing and demands nothing: a reviewer found
 * "diesel ok" read as a hard diesel requirement. Pinned with wording of our own.
 */

describe("an allowance word after a thing allows it", () => {
  it.each([
    "diesel ok",
    "diesel okej",
    "diesel okey",
    "diesel fine",
    "diesel oxå ok",
    "diesel ok me mig",
    "diesel går för sig",
    "den kan va diesel",
    "det kan bli en diesel",
  ])("no fuel is required: %s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.hard.excludedFuels).toEqual([]);
  });

  it.each([
    ["manuell ok", "gearbox"],
    ["suv ok", "bodyTypes"],
  ] as const)("nothing hard from: %s", (wish, field) => {
    const value = read(wish).hard[field];
    expect(Array.isArray(value) ? value : value === undefined ? [] : [value]).toEqual([]);
  });

  it("'helst bensin men diesel ok' leans to petrol and requires no fuel", () => {
    const reading = read("helst bensin men diesel ok");
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.preferredFuels).toContain("bensin");
  });

  it("the other things of the list stay as asked: 'kombi, automat, diesel ok'", () => {
    const reading = read("kombi, automat, diesel ok");
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.hard.bodyTypes).toEqual(["kombi"]);
    expect(reading.hard.gearbox).toBe("automat");
  });
});

describe("the rules allow it without the tagger's veto", () => {
  it.each(["det kan bli en diesel", "den kan va diesel", "diesel ok"])("%s", (wish) => {
    expect(withTagger(TAGGER_OFF, () => read(wish)).hard.allowedFuels).toEqual([]);
  });

  it("'det kan bli dyrt men ja vill ha diesel' still wants diesel", () => {
    expect(withTagger(TAGGER_OFF, () => read("det kan bli dyrt men ja vill ha diesel")).hard.allowedFuels).toEqual(["diesel"]);
  });
});

describe("what is not an allowance stays a demand", () => {
  it.each(["ok så ja vill ha diesel", "måste va diesel", "diesel, automat"])("diesel is required: %s", (wish) => {
    expect(read(wish).hard.allowedFuels).toEqual(["diesel"]);
  });

  it.each([
    ["får vara max 10 år gammal", 2016],
    ["den kan va max 10 år", 2016],
  ])("a limit after a permissive modal is still a limit: %s", (wish, year) => {
    expect(read(wish).hard.minModelYear).toBe(year);
  });
});
