import { describe, expect, it } from "vitest";
import { AVAILABILITY_WORDS, formulaWithNumbers, scoreInWords } from "#app/lib/score-words";
import { AVAILABILITY_BANDS, scoreBreakdown } from "#app/lib/scoring";

describe("the score in a buyer's words", () => {
  it("says how well the car matches and how many ads there are", () => {
    expect(scoreInWords({ overall: 83, adCount: 42 })).toBe("bilens eget betyg är bra (83 av 100), gott om annonser");
    expect(scoreInWords({ overall: 90, adCount: 4 })).toBe("bilens eget betyg är mycket bra (90 av 100), några annonser");
    expect(scoreInWords({ overall: 60, adCount: 1 })).toBe("bilens eget betyg är godkänt (60 av 100), få annonser");
    expect(scoreInWords({ overall: 40, adCount: 0 })).toBe("bilens eget betyg är svagt (40 av 100), inga annonser");
    expect(scoreInWords({ overall: 75, adCount: null })).toBe("bilens eget betyg är bra (75 av 100), tillgång okänd");
    expect(scoreInWords({ overall: 80.6, adCount: 42 })).not.toMatch(/som bil|bra match/u);
  });

  it("has words for every availability band, so a changed band cannot go unnamed", () => {
    for (const band of AVAILABILITY_BANDS) expect(AVAILABILITY_WORDS[band.points], String(band.points)).toBeTruthy();
  });

  it("writes the formula with the car's own numbers and the weights from the constants", () => {
    expect(formulaWithNumbers(scoreBreakdown(83, 42))).toBe("85,1 = 0,7 × 83 + 0,3 × 90");
    expect(formulaWithNumbers(scoreBreakdown(80, 0))).toBe("56 = 0,7 × 80 + 0,3 × 0");
  });
});

describe("the score line reads as Swedish", () => {
  it("ends the words with a full stop and names the disclosure on its own, never '… annonser så räknas det'", async () => {
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { ScoreMeter } = await import("#app/components/score-meter");
    const html = renderToStaticMarkup(
      createElement(ScoreMeter, {
        score: { overall: 80, adCount: 12, availabilityScore: 90, finalScore: 75.6 },
        availability: { status: "unknown" } as never,
      }),
    );
    const text = html.replace(/<[^>]+>/gu, "").replace(/\s+/gu, " ");
    expect(text).not.toMatch(/så räknas det/);
    expect(text).toMatch(/annonser\. Så räknas betyget/);
    expect(text).toMatch(/Slutbetyg 75,6: bilens eget betyg är bra \(80 av 100\)/u);
  });
});
