import { describe, expect, it } from "vitest";
import type { BuyerRequirements, ReadingField } from "#app/lib/requirements";
import { mergeReadings } from "#app/server/reading/merge-readings.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { VerifiedItem, VerifiedReading } from "#app/server/reading/verify-reading.server";

/** A must the parser read is never weakened by a model that is silent on it, or reads its bare word as a leaning. */

const parse = (description: string): BuyerRequirements => parseRequirements({ description, maxPrice: 300_000, carType: "alla", sellerType: "alla" });
const item = (field: ReadingField, value: VerifiedItem["value"], quote: string): VerifiedItem => ({ field, value, quote, assumed: false, uncertain: false });
const model = (...items: VerifiedItem[]): VerifiedReading => ({
  items,
  kept: items.length,
  dropped: { quoteNotInWish: 0, numberNotInQuote: 0, outOfRange: 0, quoteTooLong: 0, fieldNotNamed: 0 },
});

const MUSTS = [
  "måste ha automat o dragkrok, kombi",
  "vi måste ha fyrhjulsdrift, dragkrok och sju säten",
  "krav: elbil, kombi, minst 40 mil räckvidd",
  "bilen MÅSTE vara en Volvo, automat",
  "aldrig utan fyrhjulsdrift, och den ska ha dragkrok",
];

describe("the merge keeps the parser's musts", () => {
  it.each(MUSTS)("a silent model: %s", (wish) => {
    const parser = parse(wish);
    const other = model(item("milPerYear", 1500, wish.slice(0, 5)));
    expect(mergeReadings(parser, model(), { wish }).requirements.hard).toEqual(parser.hard);
    expect(mergeReadings(parser, other, { wish }).requirements.hard).toEqual(parser.hard);
  });

  it.each([
    ["måste ha automat o dragkrok, kombi", "preferredGearbox", "automat", "automat", "gearbox"],
    ["bilen MÅSTE vara en Volvo, automat", "preferredMakes", "Volvo", "Volvo", "requiredMakes"],
    ["krav: elbil, kombi, minst 40 mil räckvidd", "preferredBodyTypes", "kombi", "kombi", "bodyTypes"],
    ["måste vara elbil och kombi", "preferredFuels", "el", "elbil", "allowedFuels"],
  ] as const)("a model reading the bare word as a leaning keeps the must: %s", (wish, field, value, quote, hard) => {
    const parser = parse(wish);
    const merged = mergeReadings(parser, model(item(field, value, quote)), { wish }).requirements.hard;
    expect(merged[hard]).toEqual(parser.hard[hard]);
  });
});
