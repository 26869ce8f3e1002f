import { describe, expect, it } from "vitest";
import { assumedWishes } from "#app/lib/said-wishes";
import { readWish as read } from "#test/advice/read-wish";

// The ninth review: "Pendlar … Uppsala–Stockholm varje dag" read as "långresor" on every card, quoted "uppsala–stockholm".

describe("a route between two towns", () => {
  it("is a long-trip wish quoted as the buyer wrote it", () => {
    const req = read("Kör ofta Göteborg–Stockholm och vill ha en bekväm bil.");
    expect(req.wishes.longTrips ?? 0).toBeGreaterThan(0);
    expect(req.assumedWishes.find((wish) => wish.key === "longTrips")?.quote).toBe("Göteborg–Stockholm");
  });

  it("is no long-trip wish when it is a daily commute", () => {
    const req = read("Pendlar 8 mil tur och retur Uppsala–Stockholm varje dag. Vill ha låga driftkostnader.");
    expect(assumedWishes(req).has("longTrips")).toBe(false);
    expect(req.assumedWishes.map((wish) => wish.quote).join(" ")).not.toMatch(/uppsala/u);
  });
});
