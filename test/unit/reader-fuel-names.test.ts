import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A word that holds a fuel's name without being the fuel ("dieselgate", "dieselskandalen") refuses
 * no fuel when the buyer refuses the make behind it; the fuel itself still does. Pinned with wording
 * of our own.
 */

describe("a word that holds a fuel's name is no fuel", () => {
  it.each(["no vw pls, inte efter dieselgate", "litar inte på vw efter dieselskandalen"])("no fuel refused: %s", (wish) => {
    expect(read(wish).hard.excludedFuels).toEqual([]);
  });

  it.each(["ingen vw, ingen diesel", "inte diesel efter allt strul"])("the fuel itself is still refused: %s", (wish) => {
    expect(read(wish).hard.excludedFuels).toEqual(["diesel"]);
  });
});
