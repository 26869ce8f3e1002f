import { describe, expect, it } from "vitest";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * A new driver or a student sets what the reading can hold: newDriver from a licence got lately, soon, or held a short while,
 * and driverAge only when an age is stated, never a made-up 18. Wordings of our own.
 */
describe("a new driver", () => {
  it.each([
    "fick körkortet i lördags",
    "tog lappen för två veckor sen",
    "har precis fått körkort",
    "har bara haft körkort i ett par månader",
    "körkort sen i våras",
    "ska ta körkortet i höst",
  ])("%s is a new driver with no age made up", (wish) => {
    const reading = read(wish);
    expect(reading.situation.newDriver).toBe(true);
    expect(reading.usage.driverAge).toBeUndefined();
  });

  it("an age stated beside it is the driver's age", () => {
    const reading = read("fick lappen i onsdags, e 19");
    expect(reading.situation.newDriver).toBe(true);
    expect(reading.usage.driverAge).toBe(19);
  });

  it.each(["tog körkort för 25 år sen", "har haft körkort i 12 år"])("a licence long held is no new driver: %s", (wish) => {
    expect(read(wish).situation.newDriver).toBeUndefined();
  });
});

describe("a student", () => {
  it.each(["pluggar i lund, behöver nåt billigt", "student med csn-budget", "studerar på högskolan o bor i korridor"])("%s: noted, no age", (wish) => {
    const reading = read(wish);
    expect(reading.usage.driverAge).toBeUndefined();
    expect(reading.situation.newDriver).toBeUndefined();
    expect(notedTexts(wish)).toContain("student");
  });

  it("a student's stated age is held", () => {
    expect(read("student, 23 år, pluggar i umeå").usage.driverAge).toBe(23);
  });
});
