import { describe, expect, test } from "vitest";
import type { Usage } from "#app/lib/requirements";
import { companyCarBenefit, rulesForYear } from "#app/server/cars/company-car-benefit.server";
import { estimateInsurance, HEDVIG_2026_AVERAGE, REFERENCE_ADJUSTMENTS, REFERENCE_CLASS_BANDS } from "#app/server/cars/insurance.server";
import { DEFAULT_COST_ASSUMPTIONS as A, electricShare, energyCostPerMil, estimateOwnershipCost } from "#app/server/cars/ownership-cost.server";
import { towingLicenceNote } from "#app/server/cars/towing-licence.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import type { Variant } from "#app/server/cars/variant.server";
import { checkInsurance } from "#test/advice/insurance-check";
import { testVariant } from "#test/fixtures/variant";

/** formatNumber groups digits with a no-break space. */
const plain = (text: string) => text.replace(/\s/gu, " ");
const usage: Usage = { milPerYear: 1500, milPerYearStated: false, northern: false, winterNeeds: false };
const petrol = testVariant();
const ev: Variant = { ...petrol, id: "test-ev", fuel: "el", consumption: { kwhPer100Km: 18 }, co2: { gPerKm: 0, cycle: "WLTP" }, batteryKwh: 60, rangeKm: 350 };

describe("insurance: Hedvig's 2026 averages as the anchor, bounded factors", () => {
  const midsize = { costClass: "midsize" as const, electric: false, powerHp: 150 };

  test("a mid-size car and an ordinary driver pay Hedvig's published average (584 kr/mån hel, 338 kr/mån halv), still labelled an estimate (an average over all cars)", () => {
    expect(estimateInsurance(midsize, "hel", {}, A)).toEqual({ amount: 7008, level: "hel", estimate: true });
    expect(estimateInsurance(midsize, "halv", {}, A).amount).toBe(HEDVIG_2026_AVERAGE.halv);
    expect(HEDVIG_2026_AVERAGE.halv).toBe(4056);
  });

  test("every class's base lies inside the reference's band for drivers 30–65, and is labelled an estimate", () => {
    for (const costClass of ["small", "midsize", "premium"] as const) {
      for (const level of ["halv", "hel"] as const) {
        const { amount } = estimateInsurance({ costClass, electric: false, powerHp: 150 }, level, {}, A);
        const [low, high] = REFERENCE_CLASS_BANDS[costClass][level];
        expect(amount, `${costClass} ${level}`).toBeGreaterThanOrEqual(low);
        expect(amount, `${costClass} ${level}`).toBeLessThanOrEqual(high);
      }
    }
    expect(estimateInsurance({ costClass: "small", electric: false, powerHp: 90 }, "hel", {}, A).estimate).toBe(true);
  });

  test("a driver under 25 pays ×1.8–3 (reference: tjanstebilsfakta, insplanet): a 22-year-old pays 2.1 × Hedvig's average", () => {
    const young = estimateInsurance(midsize, "hel", { driverAge: 22 }, A);
    expect(young.amount).toBeCloseTo(7008 * 2.1);
    const [low, high] = REFERENCE_ADJUSTMENTS.under25;
    expect(young.amount / 7008).toBeGreaterThanOrEqual(low);
    expect(young.amount / 7008).toBeLessThanOrEqual(high);
    expect(young.estimate).toBe(true);
  });

  test("a 500 hk premium EV in a big city stays within the premium band's top × 1.1, far below the 24 000–29 000 kr the stacked factors gave", () => {
    const car = { costClass: "premium" as const, electric: true, powerHp: 500 };
    const city = estimateInsurance(car, "hel", { area: "storstad" }, A).amount;
    expect(city).toBeLessThanOrEqual(REFERENCE_CLASS_BANDS.premium.hel[1] * 1.1);
    expect(city).toBeLessThan(24_000);
    // Still dearer than the same class as a combustion car in the countryside: the factors count, within bounds.
    expect(city).toBeGreaterThan(estimateInsurance({ ...car, electric: false, powerHp: 200 }, "hel", { area: "landsbygd" }, A).amount);
  });

  test("an EV costs 15–40 % more than a comparable combustion car (reference)", () => {
    const ratio = estimateInsurance({ ...midsize, electric: true }, "hel", {}, A).amount / estimateInsurance(midsize, "hel", {}, A).amount;
    expect(ratio).toBeGreaterThanOrEqual(REFERENCE_ADJUSTMENTS.electric[0]);
    expect(ratio).toBeLessThanOrEqual(REFERENCE_ADJUSTMENTS.electric[1]);
  });

  test("big city +20–40 % and countryside −10–20 % (reference): the city/country ratio lies between 1.2/0.9 and 1.4/0.8", () => {
    const city = estimateInsurance(midsize, "hel", { area: "storstad" }, A).amount;
    const country = estimateInsurance(midsize, "hel", { area: "landsbygd" }, A).amount;
    const base = estimateInsurance(midsize, "hel", {}, A).amount;
    expect(city / base).toBeGreaterThanOrEqual(REFERENCE_ADJUSTMENTS.storstad[0]);
    expect(city / base).toBeLessThanOrEqual(REFERENCE_ADJUSTMENTS.storstad[1]);
    expect(country / base).toBeGreaterThanOrEqual(REFERENCE_ADJUSTMENTS.landsbygd[0]);
    expect(country / base).toBeLessThanOrEqual(REFERENCE_ADJUSTMENTS.landsbygd[1]);
    expect(city / country).toBeGreaterThan(1.2 / 0.9);
  });
});

test("every catalogue variant's insurance lies within the reference's band for an ordinary, a young, a city and a country driver", () => {
  for (const check of checkInsurance(CATALOGUE, A)) {
    expect(check.compared, check.label).toBeGreaterThan(100);
    expect(check.within, `${check.label}: ${check.worst?.what}`).toBe(check.compared);
  }
});

describe("charging access", () => {
  test("without a home charger an elbil pays the public price for every kWh: 1,8 kWh/mil × 5 kr = 9 kr/mil (DN 2020: Bee 5 kr/kWh)", () => {
    expect(energyCostPerMil(ev, usage, A, { homeCharging: false })).toBeCloseTo(1.8 * 5);
    const cost = estimateOwnershipCost(ev, 2022, usage, A, { homeCharging: false });
    expect(cost.fuel).toBe(Math.round((1.8 * 5 * 1500) / 100) * 100);
    expect(cost.notes.publicChargingPricePerKwh).toBe(5);
  });

  test("a buyer who can charge at home, or did not say, pays the home price with 15 % public charging", () => {
    const blended = 1.8 * (0.85 * 2.0 * 1.1 + 0.15 * 5);
    expect(energyCostPerMil(ev, usage, A, { homeCharging: true })).toBeCloseTo(blended);
    expect(energyCostPerMil(ev, usage, A)).toBeCloseTo(blended);
    expect(estimateOwnershipCost(ev, 2022, usage, A).notes.publicChargingPricePerKwh).toBeUndefined();
  });

  test("a laddhybrid without a home charger buys its electricity share publicly; a petrol car is unaffected", () => {
    const phev: Variant = {
      ...petrol,
      fuel: "laddhybrid",
      combustionFuel: "bensin",
      consumption: { litresPer100Km: 3, kwhPer100Km: 8 },
      batteryKwh: 15,
      rangeKm: 50,
    };
    // Without a charger at home it charges where one happens to be: 10 % of the mil on electricity (ICCT 2020), at the public price.
    const catalogueShare = 0.8 / (15 / 5);
    expect(energyCostPerMil(phev, usage, A, { homeCharging: false })).toBeCloseTo(0.9 * (0.3 / (1 - catalogueShare)) * 16 + 0.1 * (0.8 / catalogueShare) * 5);
    expect(energyCostPerMil(petrol, usage, A, { homeCharging: false })).toBeCloseTo(energyCostPerMil(petrol, usage, A));
  });
});

describe("förmånsvärde by Skatteverket's schablon", () => {
  test("2023 worked example: 0,29 × 52 500 = 15 225 kr and 7,5 pbb = 393 750 kr (faronline), a 400 000 kr petrol car taxed 1 000 kr", () => {
    const result = companyCarBenefit({ newCarPrice: 400_000, fuel: "bensin", firstTaxable: { year: 2023, month: 3 }, taxYear: 2023, vehicleTax: 1000 });
    const expected = 15_225 + (0.7 * 0.0194 + 0.01) * 400_000 + 0.13 * 393_750 + 0.2 * 6_250 + 1000;
    expect(result).toMatchObject({
      status: "computed",
      perYear: Math.round(expected),
      perMonth: Math.round(Math.round(expected) / 12),
      rulesYear: 2023,
      benefitPrice: 400_000,
    });
  });

  test("an elbil's price is reduced by 350 000 kr, at most half the price (marredo: 565 900 → 282 950; 1 179 100 → 829 100)", () => {
    const input = { fuel: "el" as const, firstTaxable: { year: 2024, month: 3 }, taxYear: 2025, vehicleTax: 360 };
    const vw = companyCarBenefit({ ...input, newCarPrice: 565_900 });
    const tesla = companyCarBenefit({ ...input, newCarPrice: 1_179_100 });
    expect(vw.status === "computed" && vw.benefitPrice).toBe(282_950);
    expect(tesla.status === "computed" && tesla.benefitPrice).toBe(829_100);
    const laddhybrid = companyCarBenefit({ ...input, fuel: "laddhybrid", newCarPrice: 600_000 });
    expect(laddhybrid.status === "computed" && laddhybrid.benefitPrice).toBe(460_000);
    const elhybrid = companyCarBenefit({ ...input, fuel: "elhybrid", newCarPrice: 600_000 });
    expect(elhybrid.status === "computed" && elhybrid.benefitPrice).toBe(600_000);
  });

  test("2025 figures (pbb 58 800, statslåneränta 1,96 %) for a 2024 diesel: every part of the formula", () => {
    const result = companyCarBenefit({ newCarPrice: 500_000, fuel: "diesel", firstTaxable: { year: 2024, month: 3 }, taxYear: 2025, vehicleTax: 9833 });
    const cap = 7.5 * 58_800;
    const expected = 0.29 * 58_800 + (0.7 * 0.0196 + 0.01) * 500_000 + 0.13 * cap + 0.2 * (500_000 - cap) + 9833;
    expect(result.status === "computed" && result.perYear).toBe(Math.round(expected));
  });

  test("a car taxable before 1 July 2018 uses 0,317 pbb, 75 % of the statslåneränta, 9 %, no vehicle tax, and a six-year-old car at least 4 pbb", () => {
    const result = companyCarBenefit({ newCarPrice: 150_000, fuel: "bensin", firstTaxable: { year: 2017, month: 3 }, taxYear: 2025, vehicleTax: 1500 });
    const price = 4 * 58_800;
    expect(result).toMatchObject({ status: "computed", benefitPrice: price, perYear: Math.round(0.317 * 58_800 + 0.75 * 0.0196 * price + 0.09 * price) });
  });

  test("a laddbar bil taxable before 1 July 2022 cannot be computed (its reduction needs Skatteverket's list of comparable cars)", () => {
    const result = companyCarBenefit({ newCarPrice: 500_000, fuel: "el", firstTaxable: { year: 2021, month: 3 }, taxYear: 2025, vehicleTax: 360 });
    expect(result.status).toBe("unavailable");
  });

  test("a tax year without sourced figures uses the latest sourced year and says which", () => {
    expect(rulesForYear(2027)?.year).toBe(2026);
    expect(rulesForYear(2020)).toBeUndefined();
  });

  test("the card says why förmånsvärde cannot be computed when the catalogue holds no sourced new-car price", () => {
    const cost = estimateOwnershipCost(petrol, 2023, usage, A, { companyCar: true });
    expect(cost.notes.benefit).toMatchObject({ status: "unavailable" });
    expect(cost.notes.benefit?.status === "unavailable" && cost.notes.benefit.reason).toContain("nybilspris");
    expect(estimateOwnershipCost(petrol, 2023, usage, A).notes.benefit).toBeUndefined();
    const priced = estimateOwnershipCost(petrol, 2023, usage, A, { companyCar: true }, (id, year) =>
      id === petrol.id && year === 2023
        ? { variantId: id, modelYear: year, price: 400_000, trim: "Testutförande", source: "testpris för enhetstest" }
        : undefined,
    );
    expect(priced.notes.benefit).toMatchObject({ status: "computed", rulesYear: 2026, benefitPrice: 400_000, newCarPrice: 400_000 });
  });
});

describe("towing licence (B, B96, BE) from the trailer's totalvikt", () => {
  test("a trailer of at most 750 kg needs only B", () => {
    expect(towingLicenceNote({ curbWeightKg: 1600, towingKg: 1800 }, 700).atLeast).toBe("B");
  });

  test("tjänstevikt + trailer over 3 500 kg rules B out: B96 up to 4 250 kg combination (fma.ax, trafikskolor)", () => {
    const note = towingLicenceNote({ curbWeightKg: 1600, towingKg: 2000 }, 2000);
    expect(note.atLeast).toBe("B96");
    expect(plain(note.text)).toContain("högst 2 250 kg");
    expect(note.text).toContain("registreringsbeviset");
  });

  test("tjänstevikt + trailer over 4 250 kg needs BE", () => {
    expect(towingLicenceNote({ curbWeightKg: 2300, towingKg: 2500 }, 2000).atLeast).toBe("BE");
  });

  test("a light car and trailer: the rule with the car's totalvikt limits to read in the certificate", () => {
    const note = towingLicenceNote({ curbWeightKg: 1500, towingKg: 1500 }, 1200);
    expect(plain(note.text)).toContain("B-körkort räcker bara om bilens totalvikt är högst 2 300 kg, B96 om den är högst 3 050 kg; annars krävs BE");
  });

  test("over 3 500 kg trailer: no B-category licence; a trailer over the car's approval is said to be too heavy", () => {
    expect(towingLicenceNote({ curbWeightKg: 2500, towingKg: 3500 }, 3600).atLeast).toBe("tyngre");
    expect(towingLicenceNote({ curbWeightKg: 1500, towingKg: 1000 }, 1200).text).toContain("för tungt");
  });

  test("an unverified tjänstevikt is not used: the card gives the rule only", () => {
    const unverified = testVariant({ curbWeightKg: 2300, unverified: ["curbWeightKg"], source: "Testdata. Ej verifierat: tjänstevikt." });
    const cost = estimateOwnershipCost(unverified, 2020, usage, A, { trailerTotalKg: 2000 });
    expect(cost.notes.licence?.atLeast).toBe("B");
    expect(estimateOwnershipCost(petrol, 2020, usage, A, { trailerTotalKg: 2000 }).notes.licence?.atLeast).toBe("B96");
  });
});

describe("a laddhybrid's energy at the buyer's share of electric driving", () => {
  const niro = CATALOGUE.find((variant) => variant.id === "kia-niro-i-plug-in-hybrid")!;
  const taxi: Usage = { milPerYear: 6000, milPerYearStated: true, northern: false, winterNeeds: false };

  test("a 20-mil day on a 4-mil battery runs mostly on fuel: at most one full charge a day, and dearer a mil than the catalogue's blend", () => {
    const blend = ((niro.consumption.litresPer100Km ?? 0) / 10) * A.petrolPricePerLitre + ((niro.consumption.kwhPer100Km ?? 0) / 10) * 2.0 * 1.1;
    const share = electricShare(niro, taxi)!;
    expect(share.share).toBeLessThan(0.25);
    const kwhPerYear = share.share * (niro.batteryKwh! / (niro.rangeKm! / 10)) * taxi.milPerYear;
    expect(kwhPerYear / niro.batteryKwh!).toBeLessThanOrEqual(300);
    expect(energyCostPerMil(niro, taxi, A)).toBeGreaterThan(blend + 0.5);
  });

  test("a day the battery covers keeps the catalogue's blended figure", () => {
    const short: Usage = { milPerYear: 600, milPerYearStated: true, northern: false, winterNeeds: false };
    const blend = ((niro.consumption.litresPer100Km ?? 0) / 10) * A.petrolPricePerLitre + ((niro.consumption.kwhPer100Km ?? 0) / 10) * 2.0 * 1.1;
    expect(energyCostPerMil(niro, short, A)).toBeCloseTo(blend);
  });
});
