import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Hedges, conditions, dialect and refusals with no field, pinned with wording of our own (not a corpus wish). */

const notes = (description: string) => (read(description).noted ?? []).map((item) => (typeof item === "string" ? item : item.text));

describe("hedges and conditions", () => {
  it.each([
    ["det är inte omöjligt att det blir en hybrid", "elhybrid"],
    ["egentligen vill vi ha en diesel", "diesel"],
    ["laddhybrid om det går, annars bensin", "laddhybrid"],
  ])("no allow-list: %s", (wish) => {
    expect(read(wish).hard.allowedFuels).toEqual([]);
  });

  it.each(["om den har fyrhjulsdrift är det ett plus", "fyrhjulsdrift vore att föredra"])("a plus is a wish, not a must: %s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.awd).toBe(false);
    expect(reading.wishes.awd ?? 0).toBeGreaterThan(0);
  });
});

describe("dialect and places", () => {
  it.each(["bor i Arjeplog", "vi bor här uppe, det är kallt"])("a northern home: %s", (wish) => {
    expect(read(wish).usage.northern).toBe(true);
  });

  it("'en gubbe på 71' is the writer's age", () => {
    expect(read("ja e en gubbe på 71 som vill ha automat").usage.driverAge).toBe(71);
  });

  it.each([
    ["behöver ingen åbäke, bor i stan", "cityFriendly"],
    ["int nån liten pluttbil, vi är många", "space"],
  ])("a refused size leans the search and filters nothing: %s", (wish, key) => {
    const reading = read(wish);
    expect(reading.hard.sizes).toEqual([]);
    expect(reading.wishes[key as "space" | "cityFriendly"] ?? 0).toBeGreaterThan(0);
    expect(notes(wish).some((text) => text.startsWith("Inte:"))).toBe(true);
  });

  it("a disliked body is noted, not refused", () => {
    const wish = "vi är inte så förtjusta i kombi, gärna nåt annat";
    expect(read(wish).hard.bodyTypes).toEqual([]);
    expect(notes(wish)).toContain("Helst inte: inte så förtjusta i kombi");
  });
});

describe("wishes said as what to avoid or by their use", () => {
  it.each([
    ["behöver nåt vettigt men inte helt tråkig", "sporty"],
    ["vill ha nåt ballt till mig själv", "sporty"],
    ["en smidig liten bil för stan", "cityFriendly"],
  ])("%s", (wish, key) => {
    expect(read(wish).wishes[key as "sporty" | "cityFriendly"] ?? 0).toBeGreaterThan(0);
  });

  it("'nåt modernt' is noted", () => {
    expect(notes("min gamla är från 90-talet, vill ha nåt modernt")).toContain("modern bil");
  });
});

describe("needs said by what they cost or where one sits", () => {
  it.each([
    ["vill ha nåt som inte kostar skjortan i försäkring", "lowInsurance"],
    ["förra bilen var alltid på verkstan", "reliability"],
    ["jag vill sitta lite högre den här gången", "highSeating"],
  ])("%s", (wish, key) => {
    expect(read(wish).wishes[key as "lowInsurance" | "reliability" | "highSeating"] ?? 0).toBeGreaterThan(0);
  });

  it.each(["söker en liten bil till pendlingen", "liten och snål, max 60 lax"])("a small car asked for plainly is a size: %s", (wish) => {
    expect(read(wish).hard.sizes).toContain("small");
  });

  it("'gärna liten bil' stays a leaning", () => {
    expect(read("gärna en liten bil").hard.sizes).toEqual([]);
  });

  it.each([
    ["sju säten, gärna el. vi är sju", "el"],
    ["kombi. gärna drag.", undefined],
  ])("a short word before a full stop: %s", (wish, fuel) => {
    const reading = read(wish);
    if (fuel !== undefined) expect(reading.preferredFuels).toContain(fuel);
    else expect(reading.wishes.towing ?? 0).toBeGreaterThan(0);
  });

  it("'kan ladda på firman och hemma' is charging at home", () => {
    expect(read("elbil, kan ladda på firman och hemma").situation?.homeCharging).toBe(true);
  });
});
