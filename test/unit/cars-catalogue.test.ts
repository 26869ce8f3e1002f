import { describe, expect, it } from "vitest";
import { CATALOGUE, CATALOGUE_DATA, cheapestPrice, priceForYear } from "#app/server/cars/catalogue.server";
import {
  CATALOGUE_REFERENCE_YEAR,
  CatalogueSchema,
  flawsForYears,
  flawText,
  UNVERIFIED_FIELD_WORDS,
  UNVERIFIED_FIELDS,
  type Variant,
} from "#app/server/cars/variant.server";

const find = (id: string) => CATALOGUE.find((variant) => variant.id === id);
const newestPrice = (variant: Variant) => priceForYear(variant, variant.years[1]) ?? 0;

describe("the catalogue data is valid as shipped", () => {
  // The app reads the data files without parsing them; this is where the schema holds them to it.
  it("passes the catalogue schema, and parsing changes nothing (no unknown key dropped, no value altered)", () => {
    const result = CatalogueSchema.safeParse(CATALOGUE_DATA);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data).toStrictEqual(CATALOGUE_DATA);
  });

  it("would reject a broken variant, so the check above can fail", () => {
    const [first, ...rest] = CATALOGUE_DATA as Variant[];
    expect(CatalogueSchema.safeParse([{ ...first, years: [2020, 2010] }, ...rest]).success).toBe(false);
    expect(CatalogueSchema.safeParse([first, first]).success).toBe(false);
    expect(CatalogueSchema.safeParse([{ ...first, surprise: true }, ...rest]).data).not.toStrictEqual([{ ...first, surprise: true }, ...rest]);
  });
});

describe("the variant catalogue covers what Swedish buyers shop for", () => {
  it("holds at least 550 variants", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(550);
  });

  it("has the cars short lists used to lack: rear-drive sports cars, 500 hk and more, eight seats, heavy towing, premium SUVs", () => {
    const count = (test: (v: Variant) => boolean) => CATALOGUE.filter(test).length;
    const makes = (test: (v: Variant) => boolean) => new Set(CATALOGUE.filter(test).map((v) => v.make));
    const rwdSport = (v: Variant) => v.drivetrain === "rwd" && v.powerHp >= 250 && (cheapestPrice(v) ?? Infinity) <= 600_000;
    expect(count(rwdSport)).toBeGreaterThanOrEqual(20);
    expect(makes(rwdSport).size).toBeGreaterThanOrEqual(7);
    const combustion500 = (v: Variant) => v.powerHp >= 500 && v.fuel !== "el";
    expect(count(combustion500)).toBeGreaterThanOrEqual(15);
    for (const make of ["Mercedes-Benz", "Audi", "BMW", "Porsche"]) expect(makes(combustion500), make).toContain(make);
    expect(count((v) => v.seats >= 8)).toBeGreaterThanOrEqual(15);
    expect(count((v) => v.bodies.some((b) => b.type === "skapbil" || b.type === "pickup") && v.towingKg >= 2000)).toBeGreaterThanOrEqual(20);
    expect(count((v) => v.towingKg >= 3000)).toBeGreaterThanOrEqual(30);
    const premiumSuv = (v: Variant) => v.bodies.some((b) => b.type === "suv") && newestPrice(v) >= 700_000;
    expect(count(premiumSuv)).toBeGreaterThanOrEqual(25);
    for (const make of ["BMW", "Mercedes-Benz", "Audi", "Porsche", "Land Rover", "Volvo"]) expect(makes(premiumSuv), make).toContain(make);
  });

  it("spans 15 000 kr to 1 500 000 kr", () => {
    expect(CATALOGUE.filter((v) => (cheapestPrice(v) ?? Infinity) <= 20_000).length).toBeGreaterThanOrEqual(5);
    expect(CATALOGUE.filter((v) => (cheapestPrice(v) ?? Infinity) <= 50_000).length).toBeGreaterThanOrEqual(20);
    expect(CATALOGUE.filter((v) => newestPrice(v) >= 900_000).length).toBeGreaterThanOrEqual(8);
    expect(CATALOGUE.filter((v) => newestPrice(v) >= 1_300_000).length).toBeGreaterThanOrEqual(3);
  });

  it("has every segment: city cars, vans, pickups, sports cars, cabriolets, seven-seaters", () => {
    const count = (test: (v: Variant) => boolean) => CATALOGUE.filter(test).length;
    expect(count((v) => v.size === "mini")).toBeGreaterThanOrEqual(6);
    expect(count((v) => v.bodies.some((b) => b.type === "skapbil"))).toBeGreaterThanOrEqual(5);
    expect(count((v) => v.bodies.some((b) => b.type === "pickup"))).toBeGreaterThanOrEqual(4);
    expect(count((v) => v.bodies.some((b) => b.type === "coupe"))).toBeGreaterThanOrEqual(6);
    expect(count((v) => v.bodies.some((b) => b.type === "cab"))).toBeGreaterThanOrEqual(4);
    expect(count((v) => v.bodies.some((b) => b.type === "familjebuss"))).toBeGreaterThanOrEqual(6);
    expect(count((v) => v.seats >= 7 && v.thirdRow?.adultSized === true)).toBeGreaterThanOrEqual(10);
    expect(count((v) => v.drivetrain === "awd")).toBeGreaterThanOrEqual(50);
    expect(count((v) => v.towingKg >= 2000)).toBeGreaterThanOrEqual(30);
  });

  it("has every fuel and EVs of every range class", () => {
    const fuel = (f: Variant["fuel"]) => CATALOGUE.filter((v) => v.fuel === f);
    const evs = fuel("el");
    expect(evs.filter((v) => (v.rangeKm ?? 0) < 250).length).toBeGreaterThanOrEqual(4);
    expect(evs.filter((v) => (v.rangeKm ?? 0) >= 250 && (v.rangeKm ?? 0) < 400).length).toBeGreaterThanOrEqual(10);
    expect(evs.filter((v) => (v.rangeKm ?? 0) >= 400).length).toBeGreaterThanOrEqual(8);
    expect(fuel("laddhybrid").length).toBeGreaterThanOrEqual(20);
    expect(fuel("elhybrid").length).toBeGreaterThanOrEqual(15);
    expect(fuel("diesel").length).toBeGreaterThanOrEqual(30);
    expect(fuel("e85").length).toBeGreaterThanOrEqual(4);
    expect(fuel("gas").length).toBeGreaterThanOrEqual(3);
  });
});

describe("facts belong to their own variant", () => {
  it("gives ids once and keeps make/model in Blocket's base names", () => {
    expect(new Set(CATALOGUE.map((v) => v.id)).size).toBe(CATALOGUE.length);
    for (const variant of CATALOGUE) expect(variant.model, variant.id).not.toMatch(/\s(I|II|III|IV|V|VI|Mk\s?\d)$/);
  });

  it("prices rise with the model year and exist for every year sold", () => {
    for (const variant of CATALOGUE) {
      let previous = 0;
      for (let year = variant.years[0]; year <= variant.years[1]; year++) {
        const price = priceForYear(variant, year);
        expect(price, `${variant.id} ${year}`).not.toBeNull();
        expect(price ?? 0, `${variant.id} ${year}`).toBeGreaterThanOrEqual(previous);
        previous = price ?? 0;
      }
      expect(variant.years[1], variant.id).toBeLessThanOrEqual(CATALOGUE_REFERENCE_YEAR);
    }
  });

  it("describes a third row only with the seats to match, and only in cars that had one", () => {
    for (const variant of CATALOGUE) {
      if (variant.thirdRow) expect(variant.seats, variant.id).toBe(5 + variant.thirdRow.seats);
    }
    // Spot checks against the makers' data: these never had seven seats.
    for (const id of CATALOGUE.filter((v) => ["XC60", "Model 3", "Golf", "V60", "RAV4"].includes(v.model)).map((v) => v.id)) {
      expect(find(id)?.seats, id).toBeLessThanOrEqual(5);
    }
  });

  it("gives each body its own boot: an estate holds more than the sedan of the same variant", () => {
    for (const variant of CATALOGUE) {
      const boot = (type: string) => variant.bodies.find((b) => b.type === type)?.bootLitres;
      const sedan = boot("sedan");
      const kombi = boot("kombi");
      if (sedan != null && kombi != null) expect(kombi, variant.id).toBeGreaterThan(sedan);
    }
  });

  it("gives plug-in hybrids their own towing and range, never the petrol version's", () => {
    for (const variant of CATALOGUE.filter((v) => v.fuel === "laddhybrid")) expect(variant.rangeKm ?? 0, variant.id).toBeLessThanOrEqual(150);
    // Spot checks against the makers' registration data: the plug-in hybrid's own approval.
    const towing: Record<string, number> = {
      "toyota-rav4-v-plug-in-hybrid-awd": 1500,
      "mitsubishi-outlander-iii-phev-2-4": 1500,
      "kia-niro-i-plug-in-hybrid": 1300,
      "volkswagen-passat-b8-gte-13-kwh": 1600,
      "volvo-xc60-ii-t8-twin-engine-awd": 2100,
      "nissan-leaf-ii-40kwh": 0,
      "renault-zoe-i-ze50": 0,
    };
    for (const [id, kg] of Object.entries(towing)) expect(find(id)?.towingKg, id).toBe(kg);
    for (const variant of CATALOGUE.filter((v) => v.fuel === "el")) {
      expect(variant.rangeKm ?? 0, variant.id).toBeLessThanOrEqual((variant.batteryKwh ?? 0) * 8);
      expect(variant.rangeKm ?? 0, variant.id).toBeGreaterThanOrEqual((variant.batteryKwh ?? 0) * 3);
      const kwh = variant.consumption.kwhPer100Km ?? 0;
      expect(kwh, variant.id).toBeGreaterThanOrEqual(11);
      expect(kwh, variant.id).toBeLessThanOrEqual(35);
    }
    for (const variant of CATALOGUE.filter((v) => v.fuel !== "el" && v.fuel !== "gas")) {
      const litres = variant.consumption.litresPer100Km ?? 0;
      expect(litres, variant.id).toBeGreaterThanOrEqual(variant.fuel === "laddhybrid" ? 1 : 3);
      expect(litres, variant.id).toBeLessThanOrEqual(20);
    }
  });

  it("keeps every sentence a variant says to that variant: a petrol car never talks about diesel parts", () => {
    const dieselOnly = /\b(AdBlue|partikelfilter|DPF|dieselmotorn|insprutningsmunstycken till dieseln)\b/i;
    const electricOnly = /\b(elmotorn|batteriets hälsa|SOH)\b/i;
    for (const variant of CATALOGUE) {
      const texts = [...variant.knownFlaws.map(flawText), ...variant.strengths, ...variant.reliabilityNotes].join(" ");
      const diesel = variant.fuel === "diesel" || variant.combustionFuel === "diesel";
      if (!diesel) expect(texts, variant.id).not.toMatch(dieselOnly);
      if (variant.fuel === "bensin" || variant.fuel === "diesel" || variant.fuel === "e85" || variant.fuel === "gas") {
        expect(texts, variant.id).not.toMatch(electricOnly);
      }
    }
  });

  it("never says the same sentence about two variants: every text is about its own car", () => {
    const seen = new Map<string, string>();
    for (const variant of CATALOGUE) {
      for (const sentence of [...variant.knownFlaws.map(flawText), ...variant.strengths, ...variant.reliabilityNotes]) {
        expect(seen.get(sentence), `${variant.id}: "${sentence}"`).toBeUndefined();
        seen.set(sentence, variant.id);
      }
    }
  });

  it("says where its figures come from", () => {
    for (const variant of CATALOGUE) expect(variant.source.length, variant.id).toBeGreaterThan(10);
  });

  it("keeps power, weight and towing physically plausible", () => {
    for (const v of CATALOGUE) {
      const hpPerTonne = v.powerHp / (v.curbWeightKg / 1000);
      expect(hpPerTonne, v.id).toBeGreaterThanOrEqual(40);
      expect(hpPerTonne, v.id).toBeLessThanOrEqual(500);
      // A braked trailer may not outweigh what the car's gross weight allows; 1.8 × kerb weight
      // is above every pickup's and off-roader's approval, so anything more is a typo.
      expect(v.towingKg, v.id).toBeLessThanOrEqual(Math.min(3500, v.curbWeightKg * 1.8));
    }
  });

  it("gives registered CO2 that fits the consumption, and the test cycle of the years sold", () => {
    // g CO2 per litre burnt: petrol about 2 370, diesel about 2 650; real consumption is at or above the registered value.
    const perLitre: Partial<Record<Variant["fuel"], [number, number]>> = { bensin: [14, 28], elhybrid: [14, 26], diesel: [17, 30] };
    for (const v of CATALOGUE) {
      const range = perLitre[v.fuel];
      const litres = v.consumption.litresPer100Km;
      if (range && litres) {
        expect(v.co2.gPerKm / litres, v.id).toBeGreaterThanOrEqual(range[0]);
        expect(v.co2.gPerKm / litres, v.id).toBeLessThanOrEqual(range[1]);
      }
      if (v.co2.cycle === "WLTP") expect(v.years[1], v.id).toBeGreaterThanOrEqual(2018);
      if (v.co2.cycle === "NEDC") expect(v.years[0], v.id).toBeLessThanOrEqual(2019);
    }
  });

  it("gives an EV a range its battery can deliver at its consumption", () => {
    for (const v of CATALOGUE.filter((x) => x.fuel === "el" || x.fuel === "laddhybrid")) {
      const possible = ((v.batteryKwh ?? 0) / (v.consumption.kwhPer100Km ?? 1)) * 100;
      expect(v.rangeKm ?? 0, v.id).toBeLessThanOrEqual(possible * 1.15);
      expect(v.rangeKm ?? 0, v.id).toBeGreaterThanOrEqual(possible * (v.fuel === "el" ? 0.8 : 0.2));
    }
  });

  it("prices fall with age at a believable rate", () => {
    for (const v of CATALOGUE) {
      const first = v.prices[0]?.[1] ?? 0;
      const last = v.prices.at(-1)?.[1] ?? 0;
      expect(last / first, v.id).toBeLessThanOrEqual(6);
      const yearly = (last / first) ** (1 / Math.max(1, v.years[1] - v.years[0]));
      expect(yearly, v.id).toBeLessThanOrEqual(1.35);
    }
  });

  it("dates a flaw whose text names years that are not all of the variant's", () => {
    for (const v of CATALOGUE) {
      for (const flaw of v.knownFlaws) {
        const named = /(?<!\d)((?:19|20)\d\d)[–-]((?:19|20)\d\d)(?!\d)/.exec(flawText(flaw));
        if (!named || /Euro NCAP/.test(flawText(flaw))) continue;
        const from = Math.max(Number(named[1]), v.years[0]);
        const to = Math.min(Number(named[2]), v.years[1]);
        if (from > v.years[0] || to < v.years[1]) expect(typeof flaw, `${v.id}: ${flawText(flaw)}`).toBe("object");
      }
    }
  });

  it("gives a card only the flaws of the years it recommends", () => {
    const mx5 = find("mazda-mx-5-nd-2-0");
    if (!mx5) throw new Error("the MX-5 ND is in the catalogue");
    expect(flawsForYears(mx5, 2020, 2023).join(" ")).not.toMatch(/160 hk/);
    expect(flawsForYears(mx5, 2016, 2018).join(" ")).toMatch(/160 hk/);
    for (const v of CATALOGUE) expect(flawsForYears(v, v.years[0], v.years[1]), v.id).toHaveLength(v.knownFlaws.length);
  });

  it("marks every figure its source note calls uncertain as unverified, and names every unverified figure in the note", () => {
    for (const v of CATALOGUE) {
      const marked = new Set(v.unverified ?? []);
      const note = v.source.split(/ej verifierat:/i)[0] ?? "";
      for (const clause of note.split(/[;(),]/)) {
        if (!/\bL\b/.test(clause) && !/osäker|uppskatt|ej kontrollerad|inte kontrollerad/i.test(clause)) continue;
        for (const field of UNVERIFIED_FIELDS) {
          if (clause.toLowerCase().includes(UNVERIFIED_FIELD_WORDS[field].toLowerCase())) expect([...marked], `${v.id}: ${clause}`).toContain(field);
        }
      }
      const tail = v.source.split(/ej verifierat:/i)[1] ?? "";
      for (const field of marked) expect(tail.toLowerCase(), v.id).toContain(UNVERIFIED_FIELD_WORDS[field].toLowerCase());
    }
  });
});
