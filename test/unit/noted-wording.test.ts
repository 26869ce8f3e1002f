import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnderstoodRequirements } from "#app/components/understood-requirements";
import { notedLines } from "#app/server/advice/noted-lines.server";
import { readWish } from "#test/advice/read-wish";

/** "Noterat" says a need is weighed only when the ranking uses it, and shows the buyer's words once. */

const lines = (description: string) => notedLines(readWish(description));
const panel = (noted: string[]) =>
  renderToStaticMarkup(createElement(UnderstoodRequirements, { understood: { hard: [], usage: [], wishes: [], noted }, assumptions: null, shortfall: null }));

describe("the Noterat wording", () => {
  it("a need the ranking weighs says so; one it does not use is shown plain", () => {
    const buttons = lines("hatar pekskärmar!! vill ha riktiga knappar för värme o fläkt, automat o kombi");
    expect(buttons).toContain("fysiska knappar (vägs in i ordningen)");
    expect(buttons).toContain("Inte: stor skärm (vägs in i ordningen)");
    expect(lines("vill ha massage i stolarna, kombi")).toContain("massage i stolarna");
    expect(lines("kör bolt heltid")).toContain("taxi eller samåkning (Bolt, Uber) (vägs in i ordningen)");
    expect(lines("första bilen!! billig försäkring")).toContain("ny förare (vägs in i ordningen)");
  });

  it("never says '(vägs in ovan)' for words that made no field, and echoes an allowance once", () => {
    const v1 = lines("vi e två pensionärer i mora o ska dra vår husvagn ca 1500 kg, gärna automat, diesel går bra. ingen tesla");
    expect(v1).toEqual(["pensionär (förarens ålder)", "”diesel går bra” (utesluts inte)"]);
    for (const line of [...v1, ...lines("manuell e helt ok, billig"), ...lines("motorvärmare, kombi")])
      expect(line).not.toMatch(/vägs in ovan|Går bra: .*går bra/u);
  });

  it("words that also made a wish say where they went, and one need is shown once", () => {
    expect(lines("stor hund (schäfer), stort bagage")).toEqual(["hund (läst som krav eller önskemål ovan)"]);
  });

  it("the panel says what a weighed note does, and that the rest steers nothing", () => {
    const weighed = panel(["fysiska knappar (vägs in i ordningen)", "massage i stolarna"]);
    expect(weighed).toContain("Det som är märkt ”vägs in i ordningen” påverkar ordningen på förslagen; resten styr dem inte");
    const plain = panel(["massage i stolarna"]);
    expect(plain).toContain("Det styr inte förslagen");
    expect(plain).not.toContain("vägs in");
  });
});

describe("the reading page's Noterat list", () => {
  it("marks a weighed need and shows an allowance's words once", async () => {
    const { NotedList } = await import("#app/components/noted-list");
    const { notedViews } = await import("#app/server/advice/noted-lines.server");
    const html = renderToStaticMarkup(createElement(NotedList, { items: notedViews(readWish("hatar pekskärmar, vill ha knappar, diesel går bra")) }));
    expect(html).toContain("· vägs in i ordningen");
    expect(html).toContain("påverkar ordningen på förslagen");
    expect(html.match(/diesel går bra/gu)).toHaveLength(1);
    const plain = renderToStaticMarkup(createElement(NotedList, { items: notedViews(readWish("vill ha massage i stolarna")) }));
    expect(plain).toContain("Det styr inte förslagen");
    expect(plain).not.toContain("vägs in");
  });
});
