import { describe, expect, it } from "vitest";
import { evaluateProfile, unexplainedShortList, WANTED } from "#test/advice/evaluate";
import { PROFILES } from "#test/advice/profiles";
import { writingSummary } from "#test/advice/writing-report";

/** The advice evaluation as a gate: the same profiles and measurements as `npm run eval:advice`. */
describe("advice quality over the buyer profiles", async () => {
  const reports = await Promise.all(PROFILES.map((profile) => evaluateProfile(profile)));

  it.each(reports.map((report) => [report.name, report] as const))(
    "%s: the expected outcome, no hard-requirement violation, no contradiction, fuel on the stated mileage",
    (_name, report) => {
      expect(report.outcome).toBe(report.expected);
      expect(report.violations).toEqual([]);
      expect(report.contradictions).toEqual([]);
      expect(report.fuelMismatches).toEqual([]);
      expect(unexplainedShortList(report)).toBe(false);
      if (report.outcome !== "ok") expect(report.explanation).toBeTruthy();
    },
  );

  it("repeats at most 5 % of sentences across the cars of one result", () => {
    const sentences = reports.reduce((sum, report) => sum + report.sentences, 0);
    const duplicates = reports.reduce((sum, report) => sum + report.duplicateSentences, 0);
    expect(duplicates / sentences).toBeLessThanOrEqual(0.05);
  });

  const summary = writingSummary(reports.map((report, index) => ({ cars: report.cars, maxPrice: PROFILES[index]!.input.maxPrice })));

  it("writes like a person: no ten-word sentence opening on more than a fifth of the cards, no filler", () => {
    expect(summary.topShare, summary.topSkeleton).toBeLessThanOrEqual(0.2);
    expect(summary.filler).toEqual([]);
    const texts = reports.flatMap((report) => report.cars.map((car) => car.whyItFits)).join("\n");
    expect(texts).not.toMatch(/räcker pengarna till/u);
  });

  it("takes price windows from the variant's market: one ends at the budget only where its own price point is the budget", () => {
    expect(summary.windowsAtBudget).toBe(summary.windowsAtBudgetByPoint);
  });

  it("drops at most 5 % of the written sentences in the checker", () => {
    const written = reports.reduce((sum, report) => sum + report.writtenSentences, 0);
    const dropped = reports.flatMap((report) => report.caught).filter((finding) => finding.action === "dropped").length;
    expect(dropped / written).toBeLessThanOrEqual(0.05);
  });

  it("gives ten cars to ordinary searches", () => {
    const ordinary = reports.filter((report) => report.outcome === "ok" && !report.explanation);
    for (const report of ordinary) expect(report.cars.length, report.name).toBe(WANTED);
    expect(ordinary.length).toBeGreaterThanOrEqual(25);
  });
});

describe("how the wish is read (the interpretation tables of npm run eval:advice)", () => {
  it("reads at least 98 % of the main table's fields right and invents no hard requirement", async () => {
    const { scoreTable } = await import("#test/advice/interpretation-score");
    const { INTERPRETATION } = await import("#test/advice/interpretation");
    const score = scoreTable(INTERPRETATION);
    expect(score.correct / score.fields).toBeGreaterThanOrEqual(0.98);
    expect(score.results.flatMap((result) => result.invented.map((item) => `${result.text}: ${item}`))).toEqual([]);
  });

  it("never tells a buyer who named no caravan weight that the assumed weight is theirs", async () => {
    const report = await evaluateProfile({
      name: "husvagn utan vikt",
      input: { description: "Rymlig kombi med dragkrok för husvagn", maxPrice: 300_000, carType: "alla", sellerType: "alla" },
      truth: {},
    });
    const texts = report.cars.flatMap((car) => [car.carTagline, car.whyItFits, car.deepDiveAnalysis, ...car.pros, ...car.cons]).join("\n");
    expect(report.cars.length).toBeGreaterThan(0);
    expect(texts).not.toMatch(/över dina [\d\s\u00a0]+ kg|precis vad du behöver/u);
  });
});
