import { describe, expect, it } from "vitest";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * A requirement given as A or B never becomes hard A alone: each alternative leans, the pair is noted, and only what both
 * share stays hard (three across in the rear means a five-seat bench). Wordings of our own.
 */
describe("alternatives of different kinds joined by 'eller'", () => {
  it.each([
    ["sju sittplatser eller tre barnstolar i bredd", 5],
    ["vi behöver 7 säten eller 3 bilstolar bredvid varandra bak", 5],
    ["måste ha plats för sju eller tre babyskydd sida vid sida", 5],
  ] as const)("%s keeps only the shared bench hard", (wish, seats) => {
    const reading = read(wish);
    expect(reading.hard.minSeats).toBe(seats);
    expect(notedTexts(wish).some((text) => text.startsWith("Ett av alternativen räcker"))).toBe(true);
  });

  it.each([
    ["kombi eller 7 platser", "kombi"],
    ["en suv eller en sjusitsare", "suv"],
  ] as const)("%s: neither the body nor the seats is required", (wish, body) => {
    const reading = read(wish);
    expect(reading.hard.bodyTypes).toEqual([]);
    expect(reading.hard.minSeats).toBeUndefined();
    expect(reading.preferredBodyTypes).toContain(body);
  });

  it.each(["fyrhjulsdrift eller bra markfrigång", "måste ha automat eller fyrhjulsdrift", "4wd eller hög markfrigång"])("%s requires neither", (wish) => {
    const reading = read(wish);
    expect(reading.hard.awd).toBe(false);
    expect(reading.hard.gearbox).toBeUndefined();
  });

  it.each([
    ["kombi eller suv", ["kombi", "suv"]],
    ["diesel eller laddhybrid", null],
  ] as const)("alternatives of one kind stay a list: %s", (wish, bodies) => {
    const reading = read(wish);
    if (bodies !== null) expect([...reading.hard.bodyTypes].sort()).toEqual([...bodies].sort());
    else expect([...reading.hard.allowedFuels].sort()).toEqual(["diesel", "laddhybrid"]);
  });

  it("a seat count alone stays a requirement", () => {
    expect(read("behöver 7 platser").hard.minSeats).toBe(7);
  });
});
