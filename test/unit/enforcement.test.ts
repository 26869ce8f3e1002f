import { describe, expect, it } from "vitest";
import { HARD_READING_FIELDS, type HardRequirements, HardRequirementsSchema } from "#app/lib/requirements";
import { explainShortfall, requirementPhrase } from "#app/server/advice/shortfall.server";
import { activeRequirements, eligibleYears, violations } from "#app/server/advice/enforcement.server";
import { testVariant } from "#test/fixtures/variant";

const hard = (input: Partial<HardRequirements>): HardRequirements => HardRequirementsSchema.parse({ maxPrice: 500_000, ...input });

describe("hard requirements are enforced on the variant's own facts", () => {
  it("'ingen diesel' also rules out a plug-in hybrid with a diesel engine, not one with a petrol engine", () => {
    const dieselPhev = testVariant({
      fuel: "laddhybrid",
      combustionFuel: "diesel",
      batteryKwh: 13,
      rangeKm: 45,
      consumption: { litresPer100Km: 4, kwhPer100Km: 9 },
      co2: { gPerKm: 35, cycle: "WLTP" },
    });
    const petrolPhev = testVariant({
      fuel: "laddhybrid",
      combustionFuel: "bensin",
      batteryKwh: 13,
      rangeKm: 45,
      consumption: { litresPer100Km: 4, kwhPer100Km: 9 },
      co2: { gPerKm: 35, cycle: "WLTP" },
    });
    expect(violations(dieselPhev, hard({ excludedFuels: ["diesel"] }))).toEqual(["excludedFuels"]);
    expect(violations(petrolPhev, hard({ excludedFuels: ["diesel"] }))).toEqual([]);
  });

  it("needs the seats, and adult-sized ones when asked; an optional third row only in the years it existed", () => {
    const childRow = testVariant({ seats: 7, thirdRow: { seats: 2, adultSized: false, optional: true, years: [2018, 2026] } });
    expect(violations(testVariant(), hard({ minSeats: 7 }))).toEqual(["minSeats"]);
    expect(violations(childRow, hard({ minSeats: 7 }))).toEqual([]);
    expect(violations(childRow, hard({ minSeats: 7, adultThirdRow: true }))).toEqual(["adultThirdRow"]);
    expect(eligibleYears(childRow, hard({ minSeats: 7 }))).toEqual([2018, 2026]);
    expect(eligibleYears(childRow, hard({}))).toEqual([2015, 2026]);
  });

  it("checks towing, four-wheel drive, range of an elbil, gearbox, makes, power and model year", () => {
    const v = testVariant();
    expect(violations(v, hard({ minTowingKg: 2000 }))).toEqual(["minTowingKg"]);
    expect(violations(v, hard({ awd: true }))).toEqual(["awd"]);
    expect(violations(v, hard({ gearbox: "manuell" }))).toEqual(["gearbox"]);
    expect(violations(v, hard({ excludedMakes: ["Volvo"] }))).toEqual(["excludedMakes"]);
    expect(violations(v, hard({ requiredMakes: ["Toyota"] }))).toEqual(["requiredMakes"]);
    expect(violations(v, hard({ minPowerHp: 250 }))).toEqual(["minPowerHp"]);
    expect(violations(v, hard({ minModelYear: 2027 }))).toContain("minModelYear");
    const ev = testVariant({ fuel: "el", batteryKwh: 60, rangeKm: 330, consumption: { kwhPer100Km: 18 }, co2: { gPerKm: 0, cycle: "WLTP" } });
    expect(violations(ev, hard({ minRangeKm: 400 }))).toEqual(["minRangeKm"]);
    expect(violations(ev, hard({ minRangeKm: 300 }))).toEqual([]);
  });

  it("needs a model year the budget buys within the years the body and third row allow", () => {
    const v = testVariant({
      bodies: [
        { type: "kombi", bootLitres: 529 },
        { type: "sedan", bootLitres: 442, years: [2015, 2018] },
      ],
    });
    expect(violations(v, hard({ maxPrice: 90_000 }))).toEqual(["maxPrice"]);
    expect(violations(v, hard({ maxPrice: 150_000, bodyTypes: ["sedan"] }))).toEqual([]);
    expect(eligibleYears(v, hard({ bodyTypes: ["sedan"] }))).toEqual([2015, 2018]);
  });

  it("explains a short list with numbers from the catalogue: the budget that gives ten and what each relaxation adds", () => {
    const catalogue = Array.from({ length: 12 }, (_, i) =>
      testVariant({
        id: `test-${i}`,
        prices: [
          [2015, 100_000 + i * 20_000],
          [2026, 400_000 + i * 20_000],
        ],
        drivetrain: i < 3 ? "awd" : "fwd",
      }),
    );
    const shortfall = explainShortfall(hard({ maxPrice: 150_000, awd: true }), 10, catalogue);
    expect(shortfall?.fitting).toBe(3);
    // Only three cars have AWD and all three fit: neither money nor dropping AWD at this price adds one.
    expect(shortfall).toMatchObject({ budgetNeeded: null, relaxations: [] });
    // Dropping AWD would add cars, but AWD is what the buyer asked for: it is kept, and the text says the catalogue runs short.
    const awdOnly = explainShortfall(hard({ maxPrice: 200_000, awd: true }), 10, catalogue);
    expect(awdOnly).toMatchObject({ relaxations: [], kept: ["awd"] });
    expect(awdOnly?.message).toMatch(/Vår katalog har inte fler bilar med fyrhjulsdrift som uppfyller resten av dina krav/);
    expect(awdOnly?.message).not.toMatch(/släpp kravet på fyrhjulsdrift/);
    expect(explainShortfall(hard({ maxPrice: 150_000 }), 10, catalogue)).toMatchObject({ fitting: 3, budgetNeeded: 280_000 });
    expect(explainShortfall(hard({ maxPrice: 150_000 }), 10, catalogue)?.message).toMatch(/höj maxpriset till 280\u00a0000\u00a0kr \(då passar 10\)/);
    expect(explainShortfall(hard({ maxPrice: 400_000 }), 10, catalogue)).toBeNull();
  });

  it("never offers the requirement that defines the search, or one the buyer stressed, as a way out", () => {
    // Eight AWD cars, of which only the first three are automatics; twelve manual front-drive cars.
    const catalogue = Array.from({ length: 20 }, (_, i) =>
      testVariant({
        id: `test-${i}`,
        prices: [
          [2015, 100_000],
          [2026, 300_000],
        ],
        drivetrain: i < 8 ? "awd" : "fwd",
        gearboxes: i < 3 ? ["automat"] : ["manuell"],
      }),
    );
    const both = hard({ maxPrice: 200_000, awd: true, gearbox: "automat" });
    // Dropping the automatic adds 5 cars, dropping AWD adds 0 (no front-drive automatics): the
    // automatic defines the search here, so only AWD could be offered, and it adds nothing.
    const shortfall = explainShortfall(both, 10, catalogue);
    expect(shortfall?.kept).toEqual(["gearbox"]);
    expect(shortfall?.message).not.toMatch(/släpp kravet på automatlåda/);
    // Stressed by the buyer: kept even though it is not the most restrictive.
    const stressed = explainShortfall(hard({ maxPrice: 200_000, awd: true }), 10, catalogue, ["awd"]);
    expect(stressed?.kept).toEqual(["awd"]);
    expect(stressed?.relaxations).toEqual([]);
    const budgetStressed = explainShortfall(hard({ maxPrice: 100_000, awd: true }), 10, catalogue, ["maxPrice"]);
    expect(budgetStressed?.budgetNeeded).toBeNull();
    expect(budgetStressed?.message).not.toMatch(/höj maxpriset/);
  });

  it("offers two other requirements together when neither money nor one of them helps, still keeping the defining one", () => {
    // An electric seven-seater that tows 3 500 kg: no such car, and no single other requirement adds one.
    const shortfall = explainShortfall(hard({ maxPrice: 200_000, allowedFuels: ["el"], minSeats: 7, minTowingKg: 3500 }), 10);
    expect(shortfall?.kept).toEqual(["allowedFuels"]);
    expect(shortfall?.pair?.codes).toEqual(["minSeats", "minTowingKg"]);
    expect(shortfall?.message).toMatch(/släpp kraven på minst 7 säten och dragvikt på minst 3\u00a0500 kg \(då passar \d+\)/);
    expect(shortfall?.message).not.toMatch(/släpp kravet på el som drivmedel/);
    // Adults in the third row too: no pair helps either, and the text says so rather than offering the EV.
    const none = explainShortfall(hard({ maxPrice: 200_000, allowedFuels: ["el"], minSeats: 7, adultThirdRow: true, minTowingKg: 3500 }), 10);
    expect(none?.message).toMatch(/flera krav behöver ändras samtidigt\.$/);
    expect(none?.message).not.toMatch(/släpp kravet/);
  });

  it("says plainly that the real catalogue runs short of 500 hk cars at 400 000 kr, and never to drop the 500 hk", () => {
    const shortfall = explainShortfall(hard({ maxPrice: 400_000, minPowerHp: 500 }), 10);
    expect(shortfall?.message).toMatch(/Vår katalog har (inga|inte fler) bilar med minst 500 hk/);
    expect(shortfall?.message).not.toMatch(/släpp kravet på minst 500 hk/);
    expect(shortfall?.message).toMatch(/^(Bara \d+ bil(ar)? i vår katalog|Ingen bil i vår katalog)/);
    if (shortfall?.budgetNeeded !== null) expect(shortfall?.message).toMatch(/Vill du ha fler att välja mellan: höj maxpriset/);
  });
});

describe("requirement phrases read as Swedish", () => {
  it("names fuels and makes in words, not as a list in brackets", () => {
    expect(requirementPhrase("allowedFuels", hard({ allowedFuels: ["el"] }))).toBe("el som drivmedel");
    expect(requirementPhrase("allowedFuels", hard({ allowedFuels: ["el", "laddhybrid"] }))).toBe("el eller laddhybrid som drivmedel");
    expect(requirementPhrase("excludedFuels", hard({ excludedFuels: ["el", "diesel"] }))).toBe("att undvika elbil och diesel");
    expect(requirementPhrase("requiredMakes", hard({ requiredMakes: ["Volvo", "Saab"] }))).toBe("märket Volvo eller Saab");
  });
});

describe("the enforced requirements are the reading's hard fields", () => {
  it("every hard field of the reading but the odometer limit is enforced, in the reading's order, beside the form's price and size", () => {
    const all = hard({
      bodyTypes: ["kombi"],
      sizes: ["compact"],
      minSeats: 7,
      adultThirdRow: true,
      awd: true,
      minTowingKg: 1500,
      allowedFuels: ["diesel"],
      excludedFuels: ["el"],
      minRangeKm: 300,
      gearbox: "automat",
      requiredMakes: ["Volvo"],
      excludedMakes: ["Tesla"],
      minModelYear: 2018,
      minPowerHp: 150,
      maxOdometerMil: 15_000,
    });
    const enforced = HARD_READING_FIELDS.filter((field) => field !== "maxOdometerMil").flatMap((field) => (field === "bodyTypes" ? [field, "sizes"] : [field]));
    expect(activeRequirements(all)).toEqual(["maxPrice", ...enforced]);
  });
});
