import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DescriptionTextSchema, SearchInputSchema, wishFromParam } from "#app/lib/search-form";

/**
 * Every posted description (the create form, the live reading, the landing page's wish) passes one
 * cleaning in the shared schema: control characters and the invisible bidirectional marks, embeddings,
 * overrides and isolates that can make stored text read differently from what it is (a "Trojan
 * Source" reordering in the saved wish, the model's prompt, the export) are removed; line breaks and
 * tabs stay. The set below is written from Unicode's tables, not from the code under test.
 */

const code = (from: number, to = from) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));
const FORBIDDEN = [
  ...code(0x00, 0x08), // C0 controls before the tab
  ...code(0x0b, 0x0c), // vertical tab, form feed
  ...code(0x0e, 0x1f), // the rest of C0 (CR is a line break, below)
  ...code(0x7f, 0x9f), // DEL and C1
  "\u061c", // Arabic letter mark
  "\u200e", // left-to-right mark
  "\u200f", // right-to-left mark
  ...code(0x202a, 0x202e), // embeddings, pop, overrides
  ...code(0x2066, 0x2069), // isolates
  "\ufeff", // byte order mark / zero-width no-break space
];
const FORBIDDEN_SET = new Set(FORBIDDEN);
const LINE_BREAKS = ["\r\n", "\r", "\u2028", "\u2029"];

/** What any text should become: the model the code is held to. */
function expected(text: string): string {
  const lines = text.replace(/\r\n|\r|\u2028|\u2029/g, "\n");
  return Array.from(lines)
    .filter((char) => !FORBIDDEN_SET.has(char))
    .join("")
    .trim();
}

const hostileText = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) },
      { weight: 2, arbitrary: fc.constantFrom(...FORBIDDEN, ...LINE_BREAKS, "\t", "\n", " ", "å", "👨‍👩‍👧") },
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(""));

const hasForbidden = (text: string) => Array.from(text).some((char) => FORBIDDEN_SET.has(char));

describe("control and bidirectional characters in a posted description", () => {
  it("the shared description schema removes them and keeps everything else, in order", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const parsed = DescriptionTextSchema.parse(text);
        expect(hasForbidden(parsed)).toBe(false);
        expect(parsed).toBe(expected(text));
      }),
      { numRuns: 500 },
    );
  });

  it("the create form's schema stores the cleaned text, and its length rules count what is left", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const result = SearchInputSchema.shape.description.safeParse(text);
        const clean = expected(text);
        // zod counts code points.
        const length = Array.from(clean).length;
        expect(result.success).toBe(length >= 10 && length <= 2000);
        if (result.success) expect(result.data).toBe(clean);
      }),
      { numRuns: 500 },
    );
    // Ten invisible characters are not a description.
    expect(SearchInputSchema.shape.description.safeParse("\u202e\u2066\u200f\u0007\u0000\u202a\u202b\u202c\u202d\u2069").success).toBe(false);
  });

  it("the landing page's wish is cleaned the same way (and capped)", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const wish = wishFromParam(text);
        expect(hasForbidden(wish)).toBe(false);
        expect(wish).toBe(expected(text));
      }),
      { numRuns: 500 },
    );
  });

  it("a Trojan-Source style reordering is flattened to the characters as typed", () => {
    const typed = "Kombi \u202eklk 000 052 tsomeh\u202c med dragkrok\u2066\u2069";
    expect(DescriptionTextSchema.parse(typed)).toBe("Kombi klk 000 052 tsomeh med dragkrok");
  });
});
