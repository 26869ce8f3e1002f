import { describe, expect, it } from "vitest";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * A body refused with a quality ("ingen hög suv", "inget mjukt stadsjeepsgodis") refuses that kind of
 * car, not every car of the body: no body is ruled out, and the refusal is noted in the buyer's words.
 * A body refused plainly stays ruled out. Pinned with wording of our own.
 */

describe("a body refused with a quality", () => {
  it.each([
    ["hon har svårt att kliva upp så ingen hög suv", /hög suv/u],
    ["inget mjukt stadsjeepsgodis", /stadsjeep/u],
    ["inte nån hög crossover", /hög crossover/u],
  ])("rules out no body and is noted: %s", (wish, words) => {
    expect(read(wish).hard.bodyTypes).toEqual([]);
    expect(notedTexts(wish).some((text) => text.startsWith("Inte") && words.test(text))).toBe(true);
  });
});

describe("a body refused plainly", () => {
  it.each(["ingen suv", "inte en suv, helst en hög kombi", "ingen suv!! kombi"])("rules the body out: %s", (wish) => {
    const bodies = read(wish).hard.bodyTypes;
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies).not.toContain("suv");
  });
});
