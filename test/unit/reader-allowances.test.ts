import { describe, expect, it } from "vitest";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Classes of wording that allow, lean or except rather than demand, each pinned with wording of our
 * own (not a corpus wish): the other gearbox allowed, comparisons after a thing, "kvittar", exceptions
 * to a refused group, charging that can be put up, a refusal that ends with its sentence.
 */

describe("the other gearbox allowed", () => {
  it.each(["automat vill jag ha, men manuell funkar också", "jag är inte helt emot manuell, fast automat helst", "har inget emot manuell. automat annars"])(
    "no gearbox is required and none refused: %s",
    (wish) => {
      const reading = read(wish);
      expect(reading.hard.gearbox).toBeUndefined();
    },
  );

  it("'automat är ett måste, men manuell går också bra' is asked back", () => {
    const reading = read("automat är ett måste, men manuell går också bra");
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBe("automat");
    expect(reading.conflicts.map((conflict) => conflict.code)).toContain("gearbox-both");
  });

  it("'manual or auto whatever' asks for neither", () => {
    expect(read("manual or auto whatever, budget 80k").hard.gearbox).toBeUndefined();
  });
});

describe("a comparison or a shrug after a thing is no demand", () => {
  it.each([
    ["en vanlig hybrid är bättre för oss", "elhybrid"],
    ["diesel e snålare på långa resor", "diesel"],
  ])("leans towards it: %s", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.preferredFuels).toContain(fuel);
  });

  it("'bensin eller diesel, kvittar' is no allow-list", () => {
    expect(read("bensin eller diesel, kvittar").hard.allowedFuels).toEqual([]);
  });

  it("'X är no-go' refuses X", () => {
    expect(read("bmw är no-go för mig").hard.excludedMakes).toContain("BMW");
  });
});

describe("exceptions to a refusal", () => {
  it("'inga franska bilar förutom Renault' keeps the excepted make", () => {
    const reading = read("inga franska bilar förutom Renault");
    expect(reading.hard.excludedMakes).toContain("Peugeot");
    expect(reading.hard.excludedMakes).not.toContain("Renault");
  });

  it("'allt utom tyska bilar' still refuses the group", () => {
    expect(read("allt utom tyska bilar").hard.excludedMakes).toContain("BMW");
  });
});

describe("charging and company cars, by sentence", () => {
  it.each(["har ingen laddbox än men det går att sätta upp", "saknar laddare just nu, men vi kan installera en"])(
    "a charger that can be put up: %s",
    (wish) => {
      expect(read(wish).situation?.homeCharging).toBe(true);
    },
  );

  it("'laddbox finns på jobbet, inte hemma' is no charging at home", () => {
    expect(read("laddbox finns på jobbet, inte hemma").situation?.homeCharging).toBe(false);
  });

  it("a refusal ends with its sentence: 'ingen diesel. tjänstebil via jobbet'", () => {
    expect(read("ingen diesel. tjänstebil via jobbet").situation?.companyCar).toBe(true);
  });
});

describe("a leaning against a hard refusal is asked back", () => {
  it.each([
    ["absolut ingen diesel. fast en dieselkombi vore perfekt egentligen", "fuel-required-and-excluded"],
    ["ingen kombi! men gärna en rymlig kombi ändå", "body-required-and-excluded"],
  ])("%s", (wish, code) => {
    expect(read(wish).conflicts.map((conflict) => conflict.code)).toContain(code);
  });

  it("a leaning beside a soft refusal is no conflict: 'helst inte diesel, gärna bensin'", () => {
    expect(read("helst inte diesel, gärna bensin").conflicts).toEqual([]);
  });
});

describe("permissions that stay permissions (fifth session)", () => {
  const readWish = (description: string) => parseRequirements({ description, maxPrice: 250_000, carType: "alla", sellerType: "alla" }, { referenceYear: 2026 });

  it("'japanska märken e inte uteslutna' requires no make", () => {
    expect(readWish("japanska märken e inte uteslutna men vi har mest haft opel").hard.requiredMakes).toEqual([]);
  });

  it("'en laddhybrid går bra eller diesel' allows both and requires neither", () => {
    expect(readWish("tröttnat på bensinen, men en laddhybrid går bra eller diesel").hard.allowedFuels).toEqual([]);
  });

  it("'för att den har 7 säten' is the reason a model is allowed, not a need", () => {
    expect(readWish("inga tyska bilar, men en Audi Q7 kan jag tänka mig för att den har 7 säten").hard.minSeats).toBeUndefined();
  });
});
