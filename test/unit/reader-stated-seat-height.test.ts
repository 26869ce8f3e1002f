import { describe, expect, it } from "vitest";
import { assumedWishes } from "#app/lib/said-wishes";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A height said of where one sits ("högre sittning", "hög förarposition") is the buyer's own need: it is weighed and never
 * shown in "Så tolkade vi dig" as our assumption, even beside words we would read it into ("dålig rygg"). Wordings of our own.
 */
describe("a stated high seat is marked stated", () => {
  it.each([
    "vill ha högre sittning för ryggens skull",
    "behöver hög sittning, har dåliga knän",
    "en bil med högre förarposition tack",
    "upphöjd sittställning e ett måste, ont i ryggen",
    "gärna hög körställning",
  ])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.wishes.highSeating ?? 0).toBeGreaterThan(0);
    expect(assumedWishes(reading).has("highSeating")).toBe(false);
  });

  it("a high seat only read into a bad back stays ours", () => {
    expect(assumedWishes(read("har dålig rygg")).has("highSeating")).toBe(true);
  });
});
