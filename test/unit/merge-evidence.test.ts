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

  it("the model's reading of 'tyskt' without Smart narrows the parser's group; a make the wish names stays", () => {
    const wish = "Tyskt ska det vara, gärna en Smart eller nåt, automat.";
    const group = parse("Tyskt ska det vara, automat.");
    expect(group.hard.requiredMakes).toContain("Smart");
    const german = ["Volkswagen", "Audi", "BMW", "Mercedes-Benz", "Opel", "Porsche"] as const;
    const answer: ModelReading = { ...emptyModelReading(), requiredMakes: german.map((value) => ({ value, ...said("Tyskt ska det vara") })) };
    const plain = settleReading(
      group,
      { status: "read", reading: verifyReading(answer, "Tyskt ska det vara, automat.", { referenceYear: REFERENCE_YEAR }) },
      {
        wish: "Tyskt ska det vara, automat.",
      },
    );
    expect(plain.hard.requiredMakes).not.toContain("Smart");
    expect(plain.reading.items.find((item) => item.field === "requiredMakes")?.uncertain).toBe(true);
    expect(merged(wish, answer).hard.requiredMakes).toContain("Smart");
  });

  it("a never is not narrowed: 'aldrig mer tyskt' read without Smart still excludes Smart", () => {
    const wish = "Aldrig mer tyskt, verkstadsräkningarna tog kål på mig.";
    const german = ["Volkswagen", "Audi", "BMW", "Mercedes-Benz", "Opel", "Porsche"] as const;
    const answer: ModelReading = { ...emptyModelReading(), excludedMakes: german.map((value) => ({ value, ...said("Aldrig mer tyskt") })) };
    expect(merged(wish, answer).hard.excludedMakes).toContain("Smart");
  });

  it("a rejection of other words keeps a value the model reads itself: DSG's bad name is no ban on 'automat ändå'", () => {
    const wish = "Inget från VAG-koncernen, har dåliga erfarenheter av DSG-lådor. Automat ändå.";
    const answer: ModelReading = {
      ...emptyModelReading(),
      gearbox: { value: "automat", ...said("Automat ändå") },
      notRequirements: [{ field: "gearbox", quote: "dåliga erfarenheter av DSG-lådor" }],
    };
    expect(merged(wish, answer).hard.gearbox).toBe("automat");
  });

  it("the parser's assumed towing goes when the model rejects the very words it was assumed from", () => {
    const wish = "Förra bilen drog husvagnen fint, men husvagnen är såld nu. Kombi med automat.";
    expect(parse(wish).assumptions.some((assumption) => assumption.field === "minTowingKg")).toBe(true);
    const answer: ModelReading = { ...emptyModelReading(), notRequirements: [{ field: "minTowingKg", quote: "drog husvagnen fint" }] };
    expect(merged(wish, answer).hard.minTowingKg).toBeUndefined();
  });
});
