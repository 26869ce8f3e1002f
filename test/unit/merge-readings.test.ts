import { describe, expect, it } from "vitest";
import type { BuyerRequirements, ReadingField } from "#app/lib/requirements";
import { mergeReadings, parserOnly } from "#app/server/reading/merge-readings.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { VerifiedItem, VerifiedReading } from "#app/server/reading/verify-reading.server";

const parse = (description: string, carType = "alla"): BuyerRequirements =>
  parseRequirements({ description, maxPrice: 300_000, carType, sellerType: "alla" } as Parameters<typeof parseRequirements>[0]);

const item = (field: ReadingField, value: VerifiedItem["value"], quote: string, marks: Partial<VerifiedItem> = {}): VerifiedItem => ({
  field,
  value,
  quote,
  assumed: false,
  uncertain: false,
  ...marks,
});
const model = (...items: VerifiedItem[]): VerifiedReading => ({
  items,
  kept: items.length,
  dropped: { quoteNotInWish: 0, numberNotInQuote: 0, outOfRange: 0, quoteTooLong: 0, fieldNotNamed: 0 },
});
const uncertain = (req: BuyerRequirements) => req.reading.items.filter((entry) => entry.uncertain).map((entry) => entry.field);

describe("merging the parser's and the model's readings", () => {
  it("keeps what both read, with the model's quotes and nothing uncertain", () => {
    const parser = parse("Vi behöver sju säten och fyrhjulsdrift. Dragvikt 1 800 kg, ingen diesel.");
    const { requirements, disagreements } = mergeReadings(
      parser,
      model(
        item("minSeats", 7, "sju säten"),
        item("awd", true, "fyrhjulsdrift"),
        item("minTowingKg", 1800, "Dragvikt 1 800 kg"),
        item("excludedFuels", "diesel", "ingen diesel"),
      ),
    );
    expect(requirements.hard).toEqual(parser.hard);
    expect(disagreements).toEqual([]);
    expect(uncertain(requirements)).toEqual([]);
    expect(requirements.reading.model).toBe("used");
    expect(requirements.reading.items.find((entry) => entry.field === "minSeats")).toMatchObject({ quote: "sju säten", source: "both" });
  });

  it("takes the higher of two stated needs and marks it uncertain", () => {
    const parser = parse("Vi behöver fem säten och dragvikt 1 300 kg.");
    const { requirements, disagreements } = mergeReadings(parser, model(item("minSeats", 7, "fem säten"), item("minTowingKg", 1300, "dragvikt 1 300 kg")));
    expect(requirements.hard.minSeats).toBe(7);
    expect(requirements.hard.minTowingKg).toBe(1300);
    expect(disagreements).toEqual(["minSeats"]);
    expect(uncertain(requirements)).toEqual(["minSeats"]);
  });

  it("takes a trailer's stated total as the towing floor", () => {
    const parser = parse("Ska dra släp, dragvikt 1 300 kg.");
    expect(parser.hard.minTowingKg).toBe(1300);
    const { requirements } = mergeReadings(parser, model(item("minTowingKg", 1300, "dragvikt 1 300 kg"), item("trailerTotalKg", 1800, "släp")));
    expect(requirements.situation.trailerTotalKg).toBe(1800);
    expect(requirements.hard.minTowingKg).toBe(1800);
  });

  it("lets a stated towing weight beat an assumed, higher floor: an invented floor excludes cars", () => {
    const parser = parse("Dragkrok för husvagn.");
    expect(parser.assumptions).toEqual([expect.objectContaining({ field: "minTowingKg" })]);
    const assumedKg = parser.hard.minTowingKg ?? 0;
    const { requirements } = mergeReadings(parser, model(item("minTowingKg", 1200, "husvagn")));
    expect(assumedKg).toBeGreaterThan(1200);
    expect(requirements.hard.minTowingKg).toBe(1200);
    expect(requirements.assumptions).toEqual([]);
    expect(uncertain(requirements)).toContain("minTowingKg");
    // Without a stated weight the assumption stays ours, marked as such.
    const alone = mergeReadings(parser, model()).requirements;
    expect(alone.hard.minTowingKg).toBe(assumedKg);
    expect(alone.assumptions).toEqual(parser.assumptions);
    expect(alone.reading.items.find((entry) => entry.field === "minTowingKg")).toMatchObject({ assumed: true });
  });

  it("never makes a hard requirement of the model's assumption", () => {
    const parser = parse("Vi bor i Kiruna.");
    const { requirements } = mergeReadings(parser, model(item("awd", true, "Kiruna", { assumed: true }), item("minSeats", 5, "Vi bor", { assumed: true })));
    expect(requirements.hard.awd).toBe(false);
    expect(requirements.hard.minSeats).toBeUndefined();
    expect(requirements.wishes.awd).toBeGreaterThan(0);
  });

  it("keeps a restriction the model did not mention, and drops one it rejects with the same words ('Diesel går bra')", () => {
    const parser = parse("Diesel, går bra med automat.");
    const forced: BuyerRequirements = { ...parser, hard: { ...parser.hard, allowedFuels: ["diesel"] } };
    const silent = mergeReadings(forced, model()).requirements;
    expect(silent.hard.allowedFuels).toEqual(["diesel"]);
    const { requirements, disagreements } = mergeReadings(forced, {
      ...model(item("preferredFuels", "diesel", "Diesel, går bra")),
      rejections: [{ field: "allowedFuels", quote: "Diesel, går bra" }],
    });
    expect(requirements.hard.allowedFuels).toEqual([]);
    expect(requirements.preferredFuels).toContain("diesel");
    expect(disagreements).toContain("allowedFuels");
  });

  it("never weakens a must: a rejection of 'Måste' words is ignored, and what the model read as a preference stays hard", () => {
    const parser = parse("Måste vara automat och diesel, bara Volvo.");
    const { requirements } = mergeReadings(parser, {
      ...model(
        item("preferredFuels", "diesel", "Måste vara automat och diesel"),
        item("preferredMakes", "Volvo", "bara Volvo"),
        item("preferredGearbox", "automat", "Måste vara automat"),
      ),
      rejections: [
        { field: "allowedFuels", quote: "Måste vara automat och diesel" },
        { field: "gearbox", quote: "Måste vara automat" },
        { field: "requiredMakes", quote: "bara Volvo" },
      ],
    });
    expect(requirements.hard).toMatchObject({ allowedFuels: ["diesel"], gearbox: "automat", requiredMakes: [] });
    expect(requirements.preferredMakes).toEqual(["Volvo"]);
  });

  it("keeps a model year or mileage limit the model did not mention; one only the model read is the preferred one", () => {
    const parser = parse("Inte äldre än 2016 och max 15 000 mil.");
    expect(parser.hard).toMatchObject({ minModelYear: 2016, maxOdometerMil: 15_000 });
    expect(mergeReadings(parser, model()).requirements.hard).toMatchObject({ minModelYear: 2016, maxOdometerMil: 15_000 });
    const alone = mergeReadings(parse("Hej."), model(item("minModelYear", 2016, "2016"), item("maxOdometerMil", 15_000, "15 000 mil"))).requirements;
    expect(alone.hard.minModelYear).toBeUndefined();
    expect(alone).toMatchObject({ preferredMinModelYear: 2016, preferredMaxOdometerMil: 15_000 });
    const agreed = mergeReadings(parser, model(item("minModelYear", 2018, "2016"), item("maxOdometerMil", 20_000, "15 000 mil"))).requirements;
    expect(agreed.hard).toMatchObject({ minModelYear: 2016, maxOdometerMil: 20_000 });
  });

  it("keeps every exclusion the parser read; one only the model read is avoided unless the buyer insisted", () => {
    const parser = parse("Ingen diesel och ingen BMW.");
    const { requirements } = mergeReadings(parser, model(item("excludedFuels", "diesel", "Ingen diesel")));
    expect(requirements.hard.excludedFuels).toEqual(["diesel"]);
    expect(requirements.hard.excludedMakes).toEqual(["BMW"]);
    const missed = parse("Hej. Ingen BMW, aldrig Audi.");
    const onlyModel = mergeReadings(
      { ...missed, hard: { ...missed.hard, excludedMakes: [] } },
      model(item("excludedMakes", "BMW", "Ingen BMW"), item("excludedMakes", "Audi", "aldrig Audi")),
    ).requirements;
    expect(onlyModel.hard.excludedMakes).toEqual(["Audi"]);
    expect(onlyModel.avoidedMakes).toEqual(["BMW"]);
  });

  it("keeps the form's body choice whatever the model reads", () => {
    const parser = parse("Gärna en SUV.", "kombi");
    const { requirements } = mergeReadings(parser, model(item("bodyTypes", "suv", "en SUV")), { formBodyTypes: parser.hard.bodyTypes });
    expect(requirements.hard.bodyTypes).toEqual(parser.hard.bodyTypes);
  });

  it("keeps a capability only one reader saw, shown as uncertain", () => {
    const parser = parse("En bil för familjen.");
    const { requirements } = mergeReadings(parser, model(item("minSeats", 7, "sju säten")));
    expect(requirements.hard.minSeats).toBe(7);
    expect(uncertain(requirements)).toContain("minSeats");
  });

  it("takes the costlier reading of the buyer's life: the younger driver, no home charging; the north stays as the parser read it", () => {
    const parser = parse("Jag är 19 år och bor i Norrland. Kan ladda hemma.");
    const withCharging: BuyerRequirements = { ...parser, situation: { ...parser.situation, homeCharging: true } };
    const { requirements } = mergeReadings(withCharging, model(item("driverAge", 18, "19 år"), item("homeCharging", false, "Kan ladda hemma")));
    expect(requirements.usage.driverAge).toBe(18);
    expect(requirements.situation.homeCharging).toBe(false);
    expect(requirements.usage.northern).toBe(parser.usage.northern);
    expect(uncertain(requirements)).toEqual(expect.arrayContaining(["driverAge", "homeCharging"]));
    // Only the model read the north: kept, and shown for the buyer to check.
    const onlyModel = mergeReadings(parse("Hej."), model(item("northern", true, "Hej."))).requirements;
    expect(onlyModel.usage.northern).toBe(true);
    expect(uncertain(onlyModel)).toContain("northern");
  });

  it("adds the model's soft readings the keyword rules miss", () => {
    const parser = parse("Utan laddmöjlighet hemma, bakhjulsdriven och inte för törstig.");
    const { requirements } = mergeReadings(
      parser,
      model(
        item("homeCharging", false, "Utan laddmöjlighet hemma"),
        item("drive", "rwd", "bakhjulsdriven"),
        item("wish.economy", 0.6, "inte för törstig"),
        item("tier", "premium", "bakhjulsdriven"),
        item("kids", true, "bakhjulsdriven"),
      ),
    );
    expect(requirements.situation).toMatchObject({ homeCharging: false, drive: "rwd", tier: "premium", kids: true });
    expect(requirements.wishes.economy).toBeGreaterThanOrEqual(0.6);
  });

  it("never lets the model override what the buyer corrected", () => {
    const parser = parse("Vi behöver sju säten, gärna diesel.");
    const { requirements } = mergeReadings(parser, model(item("minSeats", 9, "sju säten"), item("allowedFuels", "el", "gärna diesel")), {
      corrections: { minSeats: 5, preferredFuels: null, allowedFuels: ["bensin"] },
    });
    expect(requirements.hard.minSeats).toBe(5);
    expect(requirements.hard.allowedFuels).toEqual(["bensin"]);
    expect(requirements.preferredFuels).toEqual([]);
    expect(requirements.reading.items.find((entry) => entry.field === "minSeats")).toMatchObject({ source: "buyer", uncertain: false });
  });

  it("ignores a correction the schema refuses", () => {
    const parser = parse("Vi behöver sju säten.");
    const { requirements } = mergeReadings(parser, model(item("minSeats", 7, "sju säten")), { corrections: { minSeats: 40 } });
    expect(requirements.hard.minSeats).toBe(7);
  });
});

describe("the parser's reading alone", () => {
  it("says plainly why the model's reading was not used, and still applies the buyer's corrections", () => {
    const parser = parse("Vi behöver sju säten.");
    const result = parserOnly(parser, "schema", { minSeats: 8 });
    expect(result.reading).toMatchObject({ model: "failed", failure: "schema" });
    expect(result.hard.minSeats).toBe(8);
    expect({ ...result, reading: parser.reading, hard: parser.hard }).toEqual(parser);
  });
});
