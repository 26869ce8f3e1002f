import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Context and conditions read by structure, with wordings of our own: a clause that tells of a car that broke (or of
 * the buyer's old car) raises no need from its towbar or power; a conditional ("om det finns", "skulle") leans.
 */

describe("a car that broke is context: its make, towbar and power raise no need", () => {
  it.each(["vår skoda med 150 hk har pajat", "min gamla audi på 190 hk rasade i våras", "bilen vi har idag har dragkrok och 150 hk, den är slut"])(
    "%s sets no power floor",
    (wish) => {
      expect(read(wish).hard.minPowerHp).toBeUndefined();
    },
  );

  it.each(["min gamla volvo hade dragkrok", "vår v70 med dragkrok rasade i höstas", "gamla bilen hade dragkrok men den är såld nu"])(
    "%s raises no towing wish",
    (wish) => {
      const reading = read(wish);
      expect(reading.wishes.towing).toBeUndefined();
      expect(reading.hard.minTowingKg).toBeUndefined();
    },
  );

  it("a need stated beside it stays: 'vår gamla passat har gått sönder, behöver dragkrok'", () => {
    expect(read("vår gamla passat har gått sönder, behöver dragkrok").hard.minTowingKg).toBeGreaterThan(0);
  });
});

describe("a conditional leans", () => {
  it.each([
    ["automat om det finns", "gearbox"],
    ["en hybrid skulle sitta fint", "allowedFuels"],
    ["om budgeten räcker blir det en elbil", "allowedFuels"],
    ["en kombi hade passat bra", "bodyTypes"],
    ["diesel om priset tillåter", "allowedFuels"],
  ])("%s sets no hard field", (wish, field) => {
    const hard = read(wish).hard as Record<string, unknown>;
    expect(hard[field] === undefined || (Array.isArray(hard[field]) && hard[field].length === 0)).toBe(true);
  });

  it("a must with a reason stays: 'måste ha dragkrok eftersom vi har husvagn', 'vill ha automat'", () => {
    expect(read("måste ha dragkrok eftersom vi har husvagn").hard.minTowingKg).toBeGreaterThan(0);
    expect(read("vill ha automat").hard.gearbox).toBe("automat");
  });
});

describe("a condition of the car's kind conditions a requirement; a past after 'om den' is a wish; a concession grants nothing", () => {
  it.each(["räckvidd minst 40 mil om det blir elbil", "om det blir en elbil så minst 40 mil räckvidd ändå, range minst 40 mil om det är el"])(
    "%s keeps the range",
    (wish) => {
      expect(read(wish).hard.minRangeKm).toBe(400);
    },
  );

  it.each(["vore bra om den hade farthållare o drag", "schysst om bilen hade dragkrok"])("%s wishes a towbar", (wish) => {
    expect(read(wish).wishes.towing ?? 0).toBeGreaterThan(0);
  });

  it.each([
    ["elbil känns dumt även om det hade vart kul", "el"],
    ["diesel känns onödigt fast det vore billigt", "diesel"],
  ])("%s avoids and never prefers it", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.preferredFuels).not.toContain(fuel);
    expect(reading.avoidedFuels).toContain(fuel);
  });
});

describe("sated with a kind, a kind told first, a question answered no", () => {
  it.each([
    ["nog med suvar nu, kombi", "suv"],
    ["färdig med suvar", "suv"],
  ])("%s does not require the kind it is done with", (wish, body) => {
    expect(read(wish).hard.bodyTypes).not.toContain(body);
  });

  it.each([
    ["klar med volvo efter tre stycken", "Volvo"],
    ["har haft det med franska bilar", "Peugeot"],
  ])("%s avoids the make, requires none", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.avoidedMakes).toContain(make);
  });

  it.each(["diesel har vi kört länge nog", "volvo hade farsan alltid", "en kombi har vi haft i tio år"])("%s asks for nothing", (wish) => {
    const hard = read(wish).hard;
    expect(hard.allowedFuels).toEqual([]);
    expect(hard.requiredMakes).toEqual([]);
    expect(hard.bodyTypes).toEqual([]);
  });

  it("a want put first stays: 'kombi vill vi ha'", () => {
    expect(read("kombi vill vi ha").hard.bodyTypes).toEqual(["kombi"]);
  });

  it.each([
    ["bensin igen? nej tack", "bensin"],
    ["diesel? nä aldrig", "diesel"],
  ])("%s refuses the fuel asked about", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.preferredFuels).not.toContain(fuel);
    expect(reading.hard.excludedFuels).toContain(fuel);
  });
});
