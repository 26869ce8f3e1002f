import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** Hard requirements and context the reader used to invent, pinned with wording of our own (not a corpus wish). */

describe("a liking or a welcome is no must", () => {
  it.each(["automat e kul att köra", "manuell är roligt"])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBeDefined();
  });

  it("'manual e ok' in a wish half in English allows, it does not require", () => {
    const reading = read("my first car, ja e 19. manual e ok, budget 40k");
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.usage.driverAge).toBe(19);
  });

  it("'automat inte superviktigt men vore fint' leans automatic", () => {
    const reading = read("kombi, automat inte superviktigt men vore fint");
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBe("automat");
  });
});

describe("words that only look like car words", () => {
  it("'stabil' is no 'småbil'", () => {
    expect(read("vill ha en stabil och trygg bil för motorväg").hard.sizes).toEqual([]);
  });

  it("'tre ungar under sex år' are the children's ages, not the car's", () => {
    expect(read("tre ungar under sex år och en hund").hard.minModelYear).toBeUndefined();
  });

  it("a car under five years old is still a model year", () => {
    expect(read("bilen ska vara under fem år gammal").hard.minModelYear).toBe(2021);
  });
});

describe("towing that is no trailer", () => {
  it("a towbar for the bike carrier sets no towing weight", () => {
    const reading = read("dragkrok behövs för cykelhållaren på sommaren");
    expect(reading.hard.minTowingKg).toBeUndefined();
    expect(reading.wishes.towing ?? 0).toBeGreaterThan(0);
  });

  it("'en billig kärra' sought is the car itself", () => {
    expect(read("behöver en billig kärra att pendla med").hard.minTowingKg).toBeUndefined();
  });

  it("a cart to pull is still a trailer", () => {
    expect(read("måste kunna dra kärran med ved").hard.minTowingKg).toBeGreaterThan(0);
  });
});

describe("context: a car that was, places visited, grown children", () => {
  it("a rented car described in the past is no wish", () => {
    expect(read("lånade en kombi förra sommaren, den va bekväm. nu vill vi ha nåt litet").wishes.comfort ?? 0).toBe(0);
  });

  it("visiting relatives up north is no northern home", () => {
    expect(read("vi hälsar på farmor i Kiruna på påsken men bor i Lund").usage.northern).toBe(false);
  });

  it.each(["barnen e vuxna nu så det räcker med fyra platser", "vi åker ner till barnen i Skåne ibland"])("no children at home: %s", (wish) => {
    expect(read(wish).situation.kids).not.toBe(true);
  });
});
