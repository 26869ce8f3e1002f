import { describe, expect, it } from "vitest";
import type { SearchInput } from "#app/lib/search-form";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse } from "#app/server/advice/candidates.server";
import { faultSeverity, faultTerm, reliabilityTerm } from "#app/server/advice/fault-weight.server";
import { asksForHatchClass, intentOf, intentTerms } from "#app/server/advice/intent.server";
import { circumstancesOf, dealBreakerOf } from "#app/server/advice/situation.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { climateInTouchScreen } from "#app/server/cars/controls.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import type { Variant } from "#app/server/cars/variant.server";

// What a Swedish adviser would say first: the class a word names, what cripples a car for this buyer, a chain that stretches.
// Rules: docs/advice-quality.md ("The buyer's class and deal-breakers").

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };

function prepared(description: string, maxPrice: number, carType: SearchInput["carType"] = "alla") {
  const result = prepareAdvice({ description, maxPrice, carType, sellerType: "alla" }, 10, config);
  if (result.status !== "ready") throw new Error(`${result.status}: ${result.message}`);
  return result.prepared;
}

const firstThree = (description: string, maxPrice: number, carType: SearchInput["carType"] = "alla"): Candidate[] =>
  pickDiverse(prepared(description, maxPrice, carType).candidates, 10).slice(0, 3);

const variant = (id: string): Variant => {
  const found = getVariant(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

describe("'halvkombi' names the Golf class", () => {
  it("reads a hatchback asked for without a size as the compact class, and a small one as small", () => {
    expect(asksForHatchClass(prepared("Vill ha en pålitlig bil, kör 1 500 mil om året.", 120_000, "halvkombi").requirements)).toBe(true);
    expect(asksForHatchClass(prepared("Vill ha en liten småbil som är lätt att parkera.", 120_000, "smabil").requirements)).toBe(false);
  });

  it("a hatchback buyer with no size named gets compact cars first, not small ones", () => {
    const sizes = firstThree("Vill ha en pålitlig bil med automat, kör 1 500 mil om året.", 130_000, "halvkombi").map((c) => c.variant.size);
    expect(sizes.filter((size) => size === "mini" || size === "small")).toEqual([]);
  });
});

describe("a deal-breaker keeps a car out of the first three", () => {
  const buttons = prepared("Kombi med automat. Jag vill ha riktiga vred och fysiska knappar för värmen, inga pekskärmar.", 230_000).requirements;
  const plain = prepared("Kombi med automat.", 230_000).requirements;
  const window = { yearFrom: 2019, yearTo: 2020 };

  it("heating in the touch screen breaks the deal for a buyer who asked for buttons, and for no one else", () => {
    const v60 = variant("volvo-v60-ii-t8-awd");
    expect(climateInTouchScreen(v60)).toBe(true);
    expect(dealBreakerOf(v60, window, buttons, circumstancesOf(buttons))).toBe("touch-climate");
    expect(dealBreakerOf(v60, window, plain, circumstancesOf(plain))).toBeNull();
  });

  it("a buyer who asked for buttons gets no touch-screen climate among the first three", () => {
    const wish =
      "Vill ha en modern och säker kombi med automat, gärna fyrhjulsdrift, miljövänlig och bra på långa resor. Jag står inte ut med pekskärmar för klimatet, det ska finnas riktiga vred och knappar.";
    const first = firstThree(wish, 230_000);
    expect(first.filter((c) => climateInTouchScreen(c.variant)).map((c) => c.variant.id)).toEqual([]);
  });

  it("an electric car breaks the deal for a buyer with nowhere to charge, not for one with a charger", () => {
    const zoe = variant("renault-zoe-i-ze40");
    const street = { ...plain, situation: { ...plain.situation, homeCharging: false } };
    const garage = { ...plain, situation: { ...plain.situation, homeCharging: true } };
    expect(dealBreakerOf(zoe, window, street, circumstancesOf(street))).toBe("no-charging");
    expect(dealBreakerOf(zoe, window, garage, circumstancesOf(garage))).toBeNull();
  });
});

describe("an automated manual is no automatic for a buyer who needs one", () => {
  const jazz = variant("honda-jazz-ii-1-4");
  const window = { yearFrom: 2011, yearTo: 2013 };

  it("breaks the deal for an older driver or an automatic buyer, not for a buyer who takes the manual", () => {
    const older = prepared("Jag är 79 år och vill ha en liten bil som är lätt att kliva i.", 70_000).requirements;
    const automatic = prepared("Liten bil med automat.", 70_000).requirements;
    const manual = prepared("Liten bil, manuell växellåda.", 70_000).requirements;
    expect(dealBreakerOf(jazz, window, older, circumstancesOf(older))).toBe("robotised-automatic");
    expect(dealBreakerOf(jazz, window, automatic, circumstancesOf(automatic))).toBe("robotised-automatic");
    expect(dealBreakerOf(jazz, window, manual, circumstancesOf(manual))).toBeNull();
  });
});

describe("the weights learned from the spent expert sets", () => {
  const cheap = prepared("Billig bil till jobbet.", 30_000).requirements;

  it("a fault weighs in the fault term only when it can end the car; a survivable one is in the reliability rating", () => {
    // Corolla E12: oil use and rust, which the car survives; Golf VI GTI: a chain tensioner that can let the chain jump.
    expect(faultTerm(variant("toyota-corolla-e12-1-6"), { yearFrom: 2002, yearTo: 2004 }, cheap).value).toBe(100);
    expect(faultTerm(variant("volkswagen-golf-mk6-gti"), { yearFrom: 2009, yearTo: 2011 }, cheap).value).toBe(0);
  });

  it("on a 30 000 kr budget the reliability rating and a car-ending fault each weigh 12", () => {
    expect(reliabilityTerm(80, cheap).weight).toBe(12);
    expect(faultTerm(variant("toyota-corolla-e12-1-6"), { yearFrom: 2002, yearTo: 2004 }, cheap).weight).toBe(12);
  });

  it("a model the buyer names weighs twice the first guess", () => {
    const named = prepared("Funderar på en Toyota Auris.", 120_000).requirements;
    const terms = intentTerms(variant("toyota-auris-ii-hybrid"), { priceTo: 110_000 }, named, intentOf(named));
    expect(terms.map((term) => term.weight)).toContain(6);
  });
});

describe("a timing chain that stretches can end the engine", () => {
  it("grades a stretching chain as ending, a noisy chain as serious and a chain as such as no fault", () => {
    expect(faultSeverity("1,2-liters TSI i Fabia II (2010–2012) kan få kamkedjan att sträckas ut.")).toBe("ending");
    expect(faultSeverity("320d F30/F31 från 2012–2014 har N47-motorn med risk för sträckt kamkedja.")).toBe("ending");
    expect(faultSeverity("1,4-liters bensinmotorn kan få kamkedjeljud och vattenpumpsläckage.")).toBe("serious");
    expect(faultSeverity("Motorn har kamkedja och få kända fel.")).not.toBe("ending");
  });
});
