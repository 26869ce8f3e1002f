import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A hard requirement needs evidence (app/server/reading/hardness.server.ts): a part of a clause that
 * tells with a verb of having, driving, renting or trying, and asks for nothing, is context whoever's
 * car it is; an opinion leans; a want, a limit, a load or a bare list stays as the rules read it.
 * Pinned with wording of our own, chosen so that no owner word or possessive the rules know is in it.
 */

describe("a part that tells, and asks for nothing, is context", () => {
  it("no make asked for: 'kusinen äger en Volvo, själv vill jag ha automat'", () => {
    const reading = read("kusinen äger en Volvo, själv vill jag ha automat");
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).not.toContain("Volvo");
    expect(reading.hard.gearbox).toBe("automat");
  });

  it("no body: 'testade en suv hos handlarn, vill ha automat'", () => {
    expect(read("testade en suv hos handlarn, vill ha automat").hard.bodyTypes).toEqual([]);
  });

  it("a habit of someone's, even with 'bara': 'morbror Janne kör bara diesel, jag vill ha automat'", () => {
    expect(read("morbror Janne kör bara diesel, jag vill ha automat").hard.allowedFuels).toEqual([]);
  });

  it("a figure told of a car tried is not a limit: 'testade en med 300 hk'", () => {
    expect(read("testade en med 300 hk, vill ha automat").hard.minPowerHp).toBeUndefined();
  });
});

describe("an opinion leans", () => {
  it("'verkar som fyrhjulsdrift är grejen här' welcomes four-wheel drive, requires none", () => {
    const reading = read("verkar som fyrhjulsdrift är grejen här");
    expect(reading.hard.awd).toBe(false);
    expect(reading.wishes.awd ?? 0).toBeGreaterThan(0);
  });

  it("'tycker kombi är snyggast' prefers a kombi, requires none", () => {
    const reading = read("tycker kombi är snyggast");
    expect(reading.hard.bodyTypes).toEqual([]);
    expect(reading.preferredBodyTypes).toContain("kombi");
  });
});

describe("evidence keeps a requirement hard", () => {
  it.each([
    ["vill ha en kombi", "kombi"],
    ["kombi, diesel, automat", "kombi"],
    ["har hund så kombi", "kombi"],
    ["har 200 lax att lägga på en kombi", "kombi"],
    ["söker kombi, hade en sedan förut", "kombi"],
  ])("a want, a bare list or a conclusion: %s", (wish, body) => {
    expect(read(wish).hard.bodyTypes).toEqual([body]);
  });

  it("a load told as a fact is the towing need: 'har en båttrailer på 1200 kg'", () => {
    expect(read("har en båttrailer på 1200 kg").hard.minTowingKg).toBe(1200);
  });

  it("a limit said with a comparator: 'hade en med 150 hk, nu minst 200 hk'", () => {
    expect(read("hade en med 150 hk, nu minst 200 hk").hard.minPowerHp).toBe(200);
  });

  it("a thing of the car to buy, 'om den har fyrhjulsdrift', is no other car", () => {
    expect(read("gärna om den har fyrhjulsdrift").wishes.awd ?? 0).toBeGreaterThan(0);
  });

  it("the buyer's own leaning said with a habit: 'vi helst kör bensin'", () => {
    expect(read("vi helst kör bensin").preferredFuels).toContain("bensin");
  });
});

describe("an exception said after the make", () => {
  it("'inget från vw-gruppen, skoda är undantaget' leaves Skoda in", () => {
    const reading = read("inget från vw-gruppen, skoda är undantaget");
    expect(reading.hard.excludedMakes).toContain("Audi");
    expect(reading.hard.excludedMakes).not.toContain("Skoda");
  });
});

describe("a question asks, it states no requirement", () => {
  it("'behöver man fyrhjulsdrift i Åre?' welcomes four-wheel drive, requires none", () => {
    const reading = read("behöver man fyrhjulsdrift i Åre?");
    expect(reading.hard.awd).toBe(false);
    expect(reading.wishes.awd ?? 0).toBeGreaterThan(0);
  });

  it("the same words stated stay a requirement: 'behöver fyrhjulsdrift i Åre.'", () => {
    expect(read("behöver fyrhjulsdrift i Åre.").hard.awd).toBe(true);
  });
});

describe("a want typed a key wrong is still a want", () => {
  it("'söjer en som har fyrhjulsdrift' requires it, as 'söker' does", () => {
    expect(read("söjer en som har fyrhjulsdrift").hard.awd).toBe(true);
    expect(read("söker en som har fyrhjulsdrift").hard.awd).toBe(true);
  });

  it("a verb after the mention tells nothing of it: 'behöer 7 platser har 4 ungar'", () => {
    expect(read("behöer 7 platser har 4 ungar").hard.minSeats).toBe(7);
  });
});

describe("a present verb of the car to buy", () => {
  it("a verb with no subject of its own after 'och' is the car's: 'elbil som drar 3 500 kg och har vuxenplats för sju'", () => {
    expect(read("Elbil som drar 3 500 kg och har vuxenplats för sju").hard.minSeats).toBe(7);
  });
});
