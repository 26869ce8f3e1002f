import { describe, expect, it } from "vitest";
import type { SearchInput } from "#app/lib/search-form";
import { assembleSuggestions, prepareAdvice, type PreparedAdvice } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse } from "#app/server/advice/candidates.server";
import { intentOf, massMarketPriceLine } from "#app/server/advice/intent.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { namedModels } from "#app/server/reading/named-models.server";
import { airSuspension, lowRange, modelKeyOf, parkingHeater, seatHeight, tierOf } from "#app/server/cars/equipment.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

/** The ranking follows what the buyer asked for: each rule below is measured on the real catalogue. */

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };

function prepared(description: string, maxPrice: number, carType: SearchInput["carType"] = "alla"): PreparedAdvice {
  const result = prepareAdvice({ description, maxPrice, carType, sellerType: "alla" }, 10, config);
  if (result.status !== "ready") throw new Error(`"${description}" prepared as ${result.status}`);
  return result.prepared;
}

const list = (advice: PreparedAdvice, count = 10): Candidate[] => pickDiverse(advice.candidates, count, advice.requirements.namedModels);
const share = (cars: readonly Candidate[], test: (car: Candidate) => boolean) => cars.filter(test).length / cars.length;

describe("tier: words and budget rank premium above mass-market", () => {
  it("sets the budget line from the catalogue's mass-market prices, per model year", () => {
    const newest = massMarketPriceLine(2026);
    expect(newest).toBeGreaterThan(300_000);
    expect(newest).toBeLessThan(900_000);
    expect(massMarketPriceLine(2016)).toBeLessThan(newest);
    const rich = prepared("En SUV till familjen", 900_000, "suv").requirements;
    expect(intentOf(rich).tier).toEqual({ wanted: "premium", by: "budget" });
    expect(intentOf(prepared("En SUV till familjen", 300_000, "suv").requirements).tier).toBeNull();
  });

  it("'Premium-SUV' at 900 000 kr: the first five are premium makes", () => {
    const top = list(prepared("Premium-SUV till familjen", 900_000, "suv"), 5);
    expect(top.map((car) => tierOf(car.variant))).not.toContain("mass");
  });

  it("'Exklusivt, typ Porsche eller AMG': the first three are exclusive cars, not a Tesla", () => {
    const advice = prepared("Exklusivt, typ Porsche eller AMG", 1_000_000);
    expect(advice.requirements.situation.tier).toBe("exclusive");
    const top = list(advice, 3);
    expect(top.map((car) => tierOf(car.variant))).toEqual(["exclusive", "exclusive", "exclusive"]);
    expect(top.map((car) => car.variant.make)).not.toContain("Tesla");
  });

  it("'lyxig … sedan' ranks large premium sedans above a premium make's small car", () => {
    const top = list(prepared("lyxig men inte för dyr, gärna tysk, sedan", 300_000, "sedan"), 3);
    for (const car of top) expect(["midsize", "large", "xl"]).toContain(car.variant.size);
  });
});

describe("one make and model per list", () => {
  it("shows each make and model once, whatever its generations and engines, and names the others on its card", () => {
    const advice = prepared("Familjebil, kombi, gärna diesel", 250_000, "kombi");
    const top = list(advice);
    expect(new Set(top.map((car) => modelKeyOf(car.variant))).size).toBe(top.length);
    const cards = assembleSuggestions(
      advice,
      top.map((car) => ({
        variantId: car.variant.id,
        overall: car.overall,
        texts: { tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [] },
      })),
      10,
    );
    const withSiblings = cards.filter((card) => /finns också som|Fler utföranden av|klarar även|klarar dina krav, om du/.test(card.deepDiveAnalysis));
    expect(withSiblings.length).toBeGreaterThan(0);
    for (const card of withSiblings) expect(card.deepDiveAnalysis).toContain(`${card.carMake} ${card.carModel}`);
  });

  it("reads the models a buyer names, and not a number or an everyday word that is also a model's name", () => {
    expect(namedModels("en Mazda 2 eller en V70, typ Skoda Octavia")).toEqual(expect.arrayContaining(["Mazda|2", "Volvo|V70", "Skoda|Octavia"]));
    expect(namedModels("Två barn, kör 2 mil om dagen, min partner vill ha en expert på vinterväglag")).toEqual([]);
  });

  it("lets a model the buyer names appear more than once, and ranks it first", async () => {
    const advice = prepared("Volvo, helst en V70 eller V60, automat", 200_000);
    expect(advice.requirements.namedModels).toEqual(expect.arrayContaining(["Volvo|V70", "Volvo|V60"]));
    const picks = await localAdviceEngine.advise({ requirements: advice.requirements, candidates: advice.candidates, count: 10, sellerType: "alla" });
    const models = picks.map((pick) => advice.candidates.find((car) => car.variant.id === pick.variantId)!.variant.model);
    expect(models.slice(0, 2).every((model) => model === "V70" || model === "V60")).toBe(true);
    expect(models.filter((model) => model === "V70" || model === "V60").length).toBeGreaterThan(2);
  });
});

describe("implied needs", () => {
  it("a family with children never gets a two-seater or a three-seat van", () => {
    const family = prepared("Rolig cab för sommaren, vi har två barn", 400_000, "coupe-cab");
    expect(family.candidates.every((car) => car.variant.seats >= 4)).toBe(true);
    const single = prepared("Rolig cab för sommaren", 400_000, "coupe-cab");
    expect(single.candidates.some((car) => car.variant.seats === 2)).toBe(true);
    // Every van of the catalogue has at most three seats: no list, and a reason the buyer can act on.
    const van = prepareAdvice(
      { description: "Skåpbil till firman, barnen ska också med ibland", maxPrice: 300_000, carType: "skapbil", sellerType: "alla" },
      10,
      config,
    );
    expect(van).toMatchObject({ status: "no-match", message: expect.stringMatching(/barn ska åka med.*högst tre säten/) });
  });

  it("a horse trailer's stated total is the towing floor", () => {
    const advice = prepared("Ska dra hästsläp med två hästar, totalt 2 200 kg", 350_000);
    expect(advice.requirements.hard.minTowingKg).toBe(2200);
    expect(advice.candidates.every((car) => car.variant.towingKg >= 2200)).toBe(true);
  });
});

describe("soft wishes move the order", () => {
  const base = "Bil för familjen, runt 1 500 mil om året";

  it("'bakhjulsdrift' and 'sportig': rear-wheel drive and light, strong cars lead", () => {
    const top = list(prepared("Sportig, bakhjulsdrift, minst 250 hk", 400_000), 5);
    expect(top.every((car) => car.variant.drivetrain === "rwd")).toBe(true);
    // A heavy electric saloon is quick but no sports car: none among the first three.
    expect(list(prepared("Sportig, bakhjulsdrift, minst 250 hk", 400_000), 3).every((car) => car.variant.curbWeightKg < 1900)).toBe(true);
  });

  it("'gärna luftfjädring': cars offered with air suspension move up", () => {
    const has = (car: Candidate) => airSuspension(car.variant) === "standard" || airSuspension(car.variant) === "option";
    const plain = share(list(prepared(base, 500_000)), has);
    const wished = share(list(prepared(`${base}, gärna luftfjädring`, 500_000)), has);
    expect(wished).toBeGreaterThanOrEqual(0.7);
    expect(wished).toBeGreaterThan(plain);
  });

  it("'dieselvärmare': cars offered with a fuel-fired parking heater move up", () => {
    const has = (car: Candidate) => parkingHeater(car.variant) === "option" || parkingHeater(car.variant) === "standard";
    const plain = share(list(prepared(base, 250_000)), has);
    const wished = share(list(prepared(`${base}, dieselvärmare är ett måste`, 250_000)), has);
    expect(wished).toBeGreaterThanOrEqual(0.8);
    expect(wished).toBeGreaterThan(plain);
  });

  it("'dåliga knän': high seats lead", () => {
    const top = list(prepared("har dåliga knän, vill komma i o ur lätt", 150_000), 5);
    for (const car of top) expect(["high", "raised"]).toContain(seatHeight(car.variant, car.window.body.type));
  });

  it("'lågväxel': a real off-roader leads", () => {
    const top = list(prepared("terrängbil på riktigt, lågväxel, till jakten", 400_000), 3);
    for (const car of top) expect(lowRange(car.variant)).toBe("standard");
  });

  it("'inte för törstig': the cars cost less to run than without the wish", () => {
    const mean = (cars: readonly Candidate[]) => cars.reduce((sum, car) => sum + car.costs.fuel, 0) / cars.length;
    expect(mean(list(prepared(`${base}, inte för törstig`, 200_000)))).toBeLessThan(mean(list(prepared(base, 200_000))));
  });
});
