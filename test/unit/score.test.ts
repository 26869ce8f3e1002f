import { describe, expect, it } from "vitest";
import { availabilityScore, BANDS_TEXT, FORMULA_TEXT, finalScore, rankByFinalScore, scoreBreakdown, weightPercent, weightText } from "#app/lib/scoring";

describe("availabilityScore", () => {
  it.each([
    [0, 0],
    [1, 20],
    [2, 20],
    [3, 60],
    [5, 60],
    [6, 90],
    [250, 90],
    [null, 0],
  ])("%s matching ads score %i", (adCount, score) => {
    expect(availabilityScore(adCount)).toBe(score);
  });
});

describe("finalScore", () => {
  it("weighs the AI's overall rating 0.7 and availability 0.3", () => {
    expect(finalScore(80, 90)).toBe(83);
    expect(finalScore(100, 0)).toBe(70);
    expect(finalScore(0, 90)).toBe(27);
  });

  it("rounds to one decimal without floating-point drift", () => {
    expect(finalScore(85, 60)).toBe(77.5);
    expect(finalScore(71, 20)).toBe(55.7);
    expect(finalScore(72.35, 0)).toBe(50.6);
  });

  it("keeps the raw inputs in the breakdown, with null for a failed lookup", () => {
    expect(scoreBreakdown(80, null)).toEqual({ overall: 80, adCount: null, availabilityScore: 0, finalScore: 56 });
    expect(scoreBreakdown(80, 4)).toEqual({ overall: 80, adCount: 4, availabilityScore: 60, finalScore: 74 });
  });
});

describe("rankByFinalScore", () => {
  const car = (name: string, rank: number, overall: number, adCount: number | null) => {
    const score = scoreBreakdown(overall, adCount);
    return { name, ratings: { rank, overall, finalScore: score.finalScore }, score };
  };

  it("orders by final score, renumbers ranks 1..N and keeps each car's breakdown", () => {
    const ranked = rankByFinalScore([
      car("A", 1, 90, 0), // 63
      car("B", 2, 80, 10), // 83
      car("C", 3, 85, null), // 59.5
      car("D", 4, 70, 4), // 67
    ]);
    expect(ranked.map((c) => c.name)).toEqual(["B", "D", "A", "C"]);
    expect(ranked.map((c) => c.ratings.rank)).toEqual([1, 2, 3, 4]);
    expect(ranked[0]?.score).toEqual({ overall: 80, adCount: 10, availabilityScore: 90, finalScore: 83 });
    expect(ranked[3]?.score.adCount).toBeNull();
  });

  it("breaks ties by the AI's original rank, whatever the input order", () => {
    const ranked = rankByFinalScore([car("third", 3, 80, 1), car("first", 1, 80, 2), car("second", 2, 80, 1)]);
    expect(ranked.map((c) => c.name)).toEqual(["first", "second", "third"]);
  });

  it("does not mutate its input", () => {
    const input = [car("A", 1, 50, 0), car("B", 2, 90, 9)];
    rankByFinalScore(input);
    expect(input.map((c) => [c.name, c.ratings.rank])).toEqual([
      ["A", 1],
      ["B", 2],
    ]);
  });
});

describe("the formula as the pages write it", () => {
  it("is built from the same weights and bands the scores are computed with", () => {
    expect(FORMULA_TEXT).toBe("0,7 × bilens betyg + 0,3 × tillgång");
    expect(BANDS_TEXT).toBe("0 annonser ger 0, 1–2 ger 20, 3–5 ger 60 och fler än 5 ger 90");
    expect([weightText("overall"), weightText("availability")]).toEqual(["0,7", "0,3"]);
    expect(weightPercent("overall")).toBe("70\u00a0%");
    for (const [ads, points] of [
      [0, 0],
      [1, 20],
      [2, 20],
      [3, 60],
      [5, 60],
      [6, 90],
    ] as const)
      expect(availabilityScore(ads)).toBe(points);
  });
});
