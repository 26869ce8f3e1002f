import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** A leaning on the other side of the plug from every allowed fuel is asked back, never dropped in silence. Our own wordings. */

describe("a fuel leaning across the plug from the allowed fuels is raised", () => {
  it.each(["bara diesel, en elbil vore kul", "måste vara elbil, gärna en diesel", "bensin eller diesel, helst elbil"])("%s raises a fuel conflict", (wish) => {
    expect(read(wish).conflicts.map((conflict) => conflict.code)).toContain("fuel-required-and-excluded");
  });

  it.each(["elbil eller laddhybrid, gärna el", "bensin, gärna hybrid", "diesel, gärna laddhybrid", "vill ha elbil, gärna en tesla"])(
    "%s raises none",
    (wish) => {
      expect(read(wish).conflicts).toEqual([]);
    },
  );
});
