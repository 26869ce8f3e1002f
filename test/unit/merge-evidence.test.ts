import { describe, expect, it } from "vitest";
import type { BuyerRequirements } from "#app/lib/requirements";
import { settleReading } from "#app/server/reading/merge-readings.server";
import { emptyModelReading, type ModelReading } from "#app/server/reading/model-reading.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { verifyReading } from "#app/server/reading/verify-reading.server";

/**
 * The merge trusts evidence, not silence: the ways the merged reading used to fail open, each with
 * the model's answer as it arrives on the wire (verified, then merged).
 */

const REFERENCE_YEAR = 2026;
const parse = (description: string): BuyerRequirements =>
  parseRequirements({ description, maxPrice: 400_000, carType: "alla", sellerType: "alla" } as Parameters<typeof parseRequirements>[0], {
    referenceYear: REFERENCE_YEAR,
  });
const said = (quote: string) => ({ quote, assumed: false, uncertain: false });

function merged(wish: string, answer: ModelReading): BuyerRequirements {
  const reading = verifyReading(answer, wish, { referenceYear: REFERENCE_YEAR });
  return settleReading(parse(wish), { status: "read", reading }, { wish });
}

describe("a merge that trusts evidence, not silence", () => {
  it("an empty answer never turns 'måste vara elbil … absolut ingen Tesla' into a Tesla or a non-electric car", () => {
    const wish = "Vi måste ha en elbil med plats för hunden, absolut ingen Tesla.";
    const parser = parse(wish);
    expect(parser.hard).toMatchObject({ allowedFuels: ["el"], excludedMakes: ["Tesla"] });
    const result = merged(wish, emptyModelReading());
    expect(result.hard.allowedFuels).toEqual(["el"]);
    expect(result.hard.excludedMakes).toEqual(["Tesla"]);
  });

  it("a quote of one letter carries no four-wheel drive", () => {
    const wish = "Vi vill ha en rymlig bil, a och o är bagaget.";
    const result = merged(wish, { ...emptyModelReading(), awd: said("a") });
    expect(result.hard.awd).toBe(false);
  });

  it("'7 dagar' is no seven seats: the quote names no seat", () => {
    const wish = "Bilen används 7 dagar i veckan till jobbet.";
    const result = merged(wish, { ...emptyModelReading(), minSeats: { value: 7, ...said("7 dagar") } });
    expect(result.hard.minSeats).toBeUndefined();
  });

  it("a quote part of a word is no quote ('automat' in 'automatiskt')", () => {
    const wish = "Vi kör mest i stan och vill ha något som sköter sig automatiskt.";
    const result = merged(wish, { ...emptyModelReading(), gearbox: { value: "automat", ...said("automat") } });
    expect(result.hard.gearbox).toBeUndefined();
  });

  it("the model's reading of the same value in another sense is no silence: diesel avoided is not diesel required", () => {
    const wish = "Tröttnat på diesel men bensin eller hybrid går bra.";
    const parser = parse(wish);
    const forced: BuyerRequirements = { ...parser, hard: { ...parser.hard, allowedFuels: ["diesel"] } };
    const answer: ModelReading = { ...emptyModelReading(), avoidedFuels: [{ value: "diesel", ...said("Tröttnat på diesel") }] };
    const result = settleReading(forced, { status: "read", reading: verifyReading(answer, wish, { referenceYear: REFERENCE_YEAR }) }, { wish });
    expect(result.hard.allowedFuels).toEqual([]);
    expect(result.avoidedFuels).toEqual(["diesel"]);
  });

  it("an over-long quote costs its item, never the reading", () => {
    const long = `Vi behöver fyrhjulsdrift ${"eftersom vi bor långt upp i en backe där det är väldigt brant och isigt hela vintern, ".repeat(4)}`.trim();
    const wish = `${long} Sju säten.`;
    expect(long.length).toBeGreaterThan(300);
    const answer: ModelReading = { ...emptyModelReading(), awd: said(long), minSeats: { value: 7, ...said("Sju säten") } };
    const result = merged(wish, answer);
    expect(result.hard.minSeats).toBe(7);
    expect(result.reading.items.every((item) => (item.quote ?? "").length <= 300)).toBe(true);
  });
});
