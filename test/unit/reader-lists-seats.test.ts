import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Lists that spell out a hedged choice, "inte utan" as a must, and seat counts that are widths or
 * inferences rather than requirements; each pinned with wording of our own (not a corpus wish).
 */

describe("a list after a comma spells out the choice before it", () => {
  it.each([
    ["tysk premium gärna, bmw eller mercedes", "BMW"],
    ["funderar på nåt koreanskt, hyundai eller kia, eller kanske en mazda", "Mazda"],
    ["tänker på nåt japanskt, toyota eller honda", "Honda"],
  ])("a leaning, not an allow-list: %s", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).toContain(make);
  });
});

describe("'inte utan' is without, not but", () => {
  it("'klarar mig inte utan automat' requires an automatic", () => {
    expect(read("klarar mig inte utan automat. kombi").hard.gearbox).toBe("automat");
  });
});

describe("seat counts", () => {
  it.each(["plats för tre i baksätet, vi har tre barn", "isofix på tre platser bak", "vi är fyra i familjen"])("no seat count is required: %s", (wish) => {
    expect(read(wish).hard.minSeats).toBeUndefined();
  });

  it("three across the rear is noted", () => {
    const noted = read("tre bilstolar ska få plats bak, alltså tre säten bak").noted ?? [];
    expect(noted.some((item) => (typeof item === "string" ? item : item.text).includes("bredd"))).toBe(true);
  });

  it.each(["sju platser vore toppen, vi är två vuxna och fem barn", "inte omöjligt att vi behöver sju platser ibland"])(
    "a hedged seat count outranks the family's size: %s",
    (wish) => {
      const reading = read(wish);
      expect(reading.hard.minSeats).toBeUndefined();
      expect(reading.wishes.space ?? 0).toBeGreaterThan(0);
    },
  );

  it("'minst 4 säten' said outright is a requirement", () => {
    expect(read("minst 4 säten, gärna fler").hard.minSeats).toBe(4);
  });

  it("a family of two adults and four children still needs six seats", () => {
    expect(read("vi är två vuxna och fyra barn").hard.minSeats).toBe(6);
  });
});

describe("a model names its body", () => {
  it.each([
    ["gärna en volvo xc90 eller liknande", "suv"],
    ["tittar på en toyota hilux", "pickup"],
    ["helst en v70 eller v90", "kombi"],
  ])("%s", (wish, body) => {
    const reading = read(wish);
    expect(reading.hard.bodyTypes).toEqual([]);
    expect(reading.preferredBodyTypes).toContain(body);
  });

  it("a model with two bodies in the catalogue names none: 'en audi a6'", () => {
    expect(read("gärna en audi a6").preferredBodyTypes).toEqual([]);
  });

  it("'a6 avant' is an estate", () => {
    expect([...read("vill ha en audi a6 avant").hard.bodyTypes, ...read("vill ha en audi a6 avant").preferredBodyTypes]).toContain("kombi");
  });

  it("a refused body and a model of that body are asked back: 'ingen suv, typ en xc90'", () => {
    expect(read("absolut ingen suv, typ en volvo xc90").conflicts.map((conflict) => conflict.code)).toContain("body-required-and-excluded");
  });
});
