import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Context that is no requirement, by class, pinned with wording of our own (not a corpus wish):
 * someone's car or advice, an apposition naming the same car, the car one has now, a sold trailer,
 * mild winters at home.
 */

describe("whose car, whose word", () => {
  it.each([
    ["min syster säger Mazda är bäst, själv vill jag ha automat", "Mazda"],
    ["har en granne som kör en gammal Saab, jag vill ha nåt modernt", "Saab"],
    ["min bil nu är gammal Honda Civic och den rostar", "Honda"],
    ["brorsan hade alltid Opel. jag vill ha automat", "Opel"],
  ])("names no make the buyer asks for: %s", (wish, make) => {
    expect(read(wish).hard.requiredMakes).not.toContain(make);
  });

  it.each([
    ["lånade svärfars bil i somras, en Kia Ceed kombi. vi vill ha automat", "Kia"],
    ["frugan kör tjänstebil (en Audi A6) så det här blir min bil", "Audi"],
  ])("an apposition names the same car as the clause before: %s", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).not.toContain(make);
    expect(reading.hard.bodyTypes).toEqual([]);
  });

  it("the latest of one's old cars is context: its year and power ask for nothing", () => {
    const reading = read("har alltid kört Volvo, senast en V70 från 2009 med 200 hk. nu vill jag ha något mindre");
    expect(reading.hard.minModelYear).toBeUndefined();
    expect(reading.hard.minPowerHp).toBeUndefined();
  });

  it("'trött på att sitta lågt i kombin' names no body asked for", () => {
    expect(read("trött på att sitta lågt i kombin, vill sitta högre").hard.bodyTypes).toEqual([]);
  });
});

describe("refusals beat our assumptions", () => {
  it("a sold caravan and 'behöver ingen dragkrok' leave no towing weight", () => {
    const reading = read("husvagnen är såld så vi behöver ingen dragkrok längre. kombi");
    expect(reading.hard.minTowingKg).toBeUndefined();
  });
});

describe("mild winters at home", () => {
  it.each(["vi åkte till fjällen på sportlovet, men hemma är det nästan aldrig snö här", "skidar i Sälen ibland men vintern är inte så hård där vi bor"])(
    "no winter need: %s",
    (wish) => {
      expect(read(wish).usage.winterNeeds).toBe(false);
    },
  );

  it.each(["här där vi bor är det mycket snö på vintern", "vi bor där vintrarna är hårda"])("still a winter need: %s", (wish) => {
    expect(read(wish).usage.winterNeeds).toBe(true);
  });
});

describe("an experience is no requirement", () => {
  it("'märkte hur bra det var med fyrhjulsdrift' on a visit requires nothing", () => {
    const reading = read("var hos mamma i Umeå och märkte hur bra det var med fyrhjulsdrift. bor själv i Lund");
    expect(reading.hard.awd).toBe(false);
  });

  it("'vill ha bättre vintergrepp' wishes for all-wheel drive", () => {
    expect(read("vill ändå ha lite bättre vintergrepp").wishes.awd ?? 0).toBeGreaterThan(0);
  });
});
