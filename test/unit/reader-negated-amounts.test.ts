import { describe, expect, it } from "vitest";
import { notedTexts } from "#test/advice/read-wish";

/**
 * A negation reaches its thing across words of amount ("massa", "en massa", "för många", "jättestora") and across "med" after
 * a degree ("inte för krånglig med massa skärmar"): the thing is refused, never wished. Wordings of our own.
 */
describe("a negated amount refuses the thing", () => {
  it.each([
    "vill ha nåt enkelt, inte för krånglig med massa skärmar",
    "inte alltför plottrig med en massa pekskärmar",
    "inte för många skärmar i instrumentbrädan",
    "helst inte en hel massa pekskärmar",
    "inte så mycket skärmar",
    "inga jättestora skärmar tack",
  ])("%s", (wish) => {
    const screens = notedTexts(wish).filter((text) => text.includes("skärm"));
    expect(screens.length).toBeGreaterThan(0);
    for (const text of screens) expect(text).toMatch(/^(Inte|Helst inte):/u);
  });

  it.each([
    ["inte för låg insteg", "lätt att kliva i och ur"],
    ["inte så dålig sikt", "bra sikt"],
  ])("a negated degree still wishes the need: %s", (wish, label) => {
    expect(notedTexts(wish).some((text) => text.endsWith(label) && !text.startsWith("Inte"))).toBe(true);
  });
});
