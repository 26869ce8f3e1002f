import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InterpretationLine } from "#app/components/interpretation-line";
import { UnderstoodRequirements } from "#app/components/understood-requirements";
import { withCorrections } from "#app/server/reading/merge-readings.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { summariseRequirements } from "#app/server/reading/summary.server";

/** "Så tolkade vi dig": an assumption sits apart from the buyer's requirements. */

const render = (understood: Parameters<typeof UnderstoodRequirements>[0]["understood"]) =>
  renderToStaticMarkup(createElement(UnderstoodRequirements, { understood, assumptions: null, shortfall: null }));

/** The text of the `<dd>` after the `<dt>` with this label. */
function group(html: string, label: string): string {
  const match = html.match(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(.*?)</dd>`, "u"));
  return (match?.[1] ?? "").replace(/<[^>]+>/gu, " ");
}

describe("UnderstoodRequirements", () => {
  it("shows an assumed towing weight under 'Vi antog', marked, and not under 'Krav'", () => {
    const reading = parseRequirements(
      { description: "Rymlig kombi med dragkrok för husvagn", maxPrice: 300_000, carType: "alla", sellerType: "alla" },
      { referenceYear: 2026 },
    );
    const html = render(summariseRequirements(reading));
    expect(group(html, "Krav")).not.toMatch(/Dragvikt/u);
    expect(group(html, "Vi antog")).toMatch(/Dragvikt minst 1\u00a0500\u00a0kg – vi antog det för &quot;husvagn&quot;/u);
    expect(html).toContain('data-testid="assumed"');
  });

  it("renders a summary built before assumptions existed, with no 'Vi antog' group", () => {
    const html = render({ hard: ["Maxpris 250\u00a0000\u00a0kr", "Dragvikt minst 1\u00a0500\u00a0kg"], usage: [], wishes: [] });
    expect(group(html, "Krav")).toMatch(/Dragvikt minst 1\u00a0500\u00a0kg/u);
    expect(html).not.toContain("Vi antog");
  });

  it("shows an uncertain reading as 'osäker' apart from Krav, and links every mark and the box to the correction page", () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(UnderstoodRequirements, {
          understood: {
            hard: ["Maxpris 250\u00a0000\u00a0kr"],
            usage: [],
            wishes: [],
            assumed: ['Dragvikt minst 1\u00a0500\u00a0kg – vi antog det för "husvagn"'],
            uncertain: ["Minst 7 säten"],
          },
          assumptions: null,
          shortfall: null,
          editHref: "/recommendations/abc/tolkning",
        }),
      ),
    );
    expect(group(html, "Krav")).not.toMatch(/säten/u);
    const text = (label: string) => group(html, label).replace(/\s+/gu, " ").trim();
    expect(text("Osäkert")).toBe("osäker: Minst 7 säten – ändra");
    expect(text("Vi antog")).toMatch(/vi antog det för &quot;husvagn&quot; – ändra$/u);
    expect(html.match(/href="\/recommendations\/abc\/tolkning"/gu)).toHaveLength(3);
    expect(html).toContain(">Ändra tolkningen</a>");
  });

  it("marks every item the buyer corrected or added 'ändrat av dig', and a corrected figure names no other source", () => {
    const parser = parseRequirements(
      { description: "Sju säten och dragkrok, vi kör 25 mil enkel väg varje dag.", maxPrice: 300_000, carType: "alla", sellerType: "alla" },
      { referenceYear: 2026 },
    );
    const corrected = withCorrections(parser, { minSeats: 5, gearbox: "automat", "wish.comfort": 0.6, minTowingKg: 750, milPerYear: 2000 });
    const summary = summariseRequirements(corrected, "Sju säten och dragkrok, vi kör 25 mil enkel väg varje dag.");
    expect(summary.hard).toEqual(
      expect.arrayContaining(["Minst 5 säten (ändrat av dig)", "Automatlåda (ändrat av dig)", "Dragvikt minst 750\u00a0kg (ändrat av dig)"]),
    );
    expect(summary.hard.join(" ")).not.toMatch(/Dragkrok \(godkänd/u);
    expect(summary.wishes.join(" ")).toMatch(/Gärna: komfort \(ändrat av dig\)/u);
    expect(summary.usage[0]).toBe("2\u00a0000\u00a0mil per år (ändrat av dig)");
    expect(summary.usage.join(" ")).not.toMatch(/räknat från/u);
    // What the buyer left alone says nothing of the sort.
    expect(summariseRequirements(parser).hard.join(" ")).not.toMatch(/ändrat av dig/u);
  });

  it("says 'vi antog' once in the folded line's flags: no 'Antaget' before it", () => {
    const assumed = 'Dragvikt minst 1\u00a0500\u00a0kg – vi antog det för "husvagn"';
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(InterpretationLine, {
          id: "abc",
          understood: { hard: ["Maxpris 250\u00a0000\u00a0kr"], usage: [], wishes: [], assumed: [assumed] },
          assumptions: null,
          shortfall: null,
        }),
      ),
    );
    const flags = html.match(/data-testid="interpretation-flagged"[^>]*>(.*?)<\/span><\/span>/u)?.[1] ?? "";
    expect(flags).toContain("vi antog det för");
    expect(flags).not.toMatch(/Antaget/iu);
  });
});
