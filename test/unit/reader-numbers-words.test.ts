import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Numbers, compounds and short forms read by their grammar, pinned with wording of our own (not a corpus wish). */

describe("numbers by their grammar", () => {
  it.each([
    ["ska vara tjugotjugotvå eller nyare", 2022],
    ["inte äldre än tjugonitton", 2019],
    ["ej äldre än 2017", 2017],
  ])("a model year: %s", (wish, year) => {
    expect(read(wish).hard.minModelYear).toBe(year);
  });

  it("'tjugotre år' is still 23, the writer's age", () => {
    expect(read("jag är tjugotre år och vill ha en kombi").usage.driverAge).toBe(23);
  });

  it.each(["den får inte ha gått mer än tolvtusen mil", "tolvtusen mil max på mätarn"])("a refused minimum is a maximum: %s", (wish) => {
    expect(read(wish).hard.maxOdometerMil).toBe(12_000);
  });

  it("a bare weight after 'totalt' belongs to the trailer: 'släpet totalt runt elvahundra'", () => {
    expect(read("ska dra ett släp, totalt runt elvahundra").hard.minTowingKg).toBe(1100);
  });
});

describe("compounds and short forms", () => {
  it.each([
    ["vill ha en snygg elsuv", "suv", "el"],
    ["söker dieselkombi", "kombi", "diesel"],
  ])("a fuel and a body in one word: %s", (wish, body, fuel) => {
    const reading = read(wish);
    expect(reading.hard.bodyTypes).toContain(body);
    expect([...reading.hard.allowedFuels, ...reading.preferredFuels]).toContain(fuel);
  });

  it("'bara nåt som rullar' wants a cheap car", () => {
    expect(read("bara nåt som rullar, max 20 lax").wishes.cheapToBuy ?? 0).toBeGreaterThan(0);
  });
});

describe("phone slips and English words", () => {
  it.each([
    ["söker kombbi med drag", "kombi"],
    ["en familjebusss till oss", "familjebuss"],
  ])("a key pressed twice: %s", (wish, body) => {
    expect(read(wish).hard.bodyTypes).toContain(body);
  });

  it("'jagar' is no Jaguar", () => {
    expect(read("jag jagar på hösten och behöver fyrhjulsdrift").hard.requiredMakes).toEqual([]);
  });

  it("'2018 elr nyare' is a model year", () => {
    expect(read("kombi, 2018 elr nyare").hard.minModelYear).toBe(2018);
  });

  it.each([
    ["sporty but practical", "space"],
    ["nothing fancy, max 40k", "cheapToBuy"],
    ["vad är bäst för pengarna?", "cheapToBuy"],
  ])("%s", (wish, key) => {
    expect(read(wish).wishes[key as "space" | "cheapToBuy"] ?? 0).toBeGreaterThan(0);
  });

  it("'company car' is a company car", () => {
    expect(read("EV, company car, budget ok").situation?.companyCar).toBe(true);
  });

  it("a charging rate in kW is not the engine's power", () => {
    expect(read("elbil med snabbladdning över 150 kW").hard.minPowerHp).toBeUndefined();
  });

  it("'low mileage' is noted", () => {
    const noted = read("low mileage is a plus").noted ?? [];
    expect(noted.map((item) => (typeof item === "string" ? item : item.text)).some((text) => text.includes("lågt miltal"))).toBe(true);
  });
});
