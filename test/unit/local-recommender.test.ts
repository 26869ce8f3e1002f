import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CarSuggestionSchema, type CarSuggestion, type RecommendationRequest } from "#app/lib/recommendation";
import { CAR_TYPES, SELLER_TYPES, type CarType, type SellerType } from "#app/lib/search-form";
import { CATALOGUE, variantYears, type CatalogueEntry, type Variant } from "#app/server/ai/catalogue/catalogue";
import { detectWishes, localRecommender, recommendLocally } from "#app/server/ai/local-recommender.server";

function request(overrides: Partial<RecommendationRequest> = {}): RecommendationRequest {
  return { description: "En bra bil till vardags", maxPrice: 300_000, carType: "alla", sellerType: "alla", limit: 5, ...overrides };
}

/**
 * The catalogue entry and variant a suggestion was built from: carName is "make model variant",
 * and the model year tells generations with the same variant name apart (Octavia III/IV "2.0 TDI").
 */
function sourceOf(suggestion: CarSuggestion): { entry: CatalogueEntry; variant: Variant } {
  const year = suggestion.recommendedYear.from;
  for (const entry of CATALOGUE) {
    for (const variant of entry.variants) {
      const [from, to] = variantYears(entry, variant);
      if (`${entry.make} ${entry.model} ${variant.label}` === suggestion.carName && year >= from && year <= to) {
        return { entry, variant };
      }
    }
  }
  throw new Error(`no catalogue source for ${suggestion.carName}`);
}

const VOCABULARY = [
  "familj", "barnen", "hund", "hundbur", "pendla", "pendlar", "långresor", "dragkrok", "husvagn", "fyrhjulsdrift", "4wd", "AWD",
  "el", "elbil", "laddhybrid", "hybrid", "diesel", "snål", "säker", "vinter", "snö", "stad", "parkera", "plats", "tyst",
  "sportig", "pålitlig", "billig", "inte", "ingen", "Volvo", "Tesla", "kombi", "SUV", "sju platser", "ÅÄÖ", "åäö", "😀", "family",
  "car", "cheap", "electric", ",", ".", "!", "jag", "vill", "ha", "en", "och", "med",
] as const;

const descriptionArb = fc.oneof(
  fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 30 }).map((words) => words.join(" ")),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom("", "          ", "..........", "1234567890", "I am looking for a reliable family car with good safety"),
);

const requestArb: fc.Arbitrary<RecommendationRequest> = fc.record({
  description: descriptionArb,
  maxPrice: fc.oneof(fc.integer({ min: 10_000, max: 5_000_000 }), fc.integer({ min: 10_000, max: 400_000 })),
  carType: fc.constantFrom(...(Object.keys(CAR_TYPES) as CarType[])),
  sellerType: fc.constantFrom(...(Object.keys(SELLER_TYPES) as SellerType[])),
  limit: fc.integer({ min: 1, max: 20 }),
});

describe("local recommender: invariants for any request", () => {
  test("never suggests a price range above the budget, and every range is ordered", () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        for (const suggestion of recommendLocally(input)) {
          expect(suggestion.recommendedPrice.to).toBeLessThanOrEqual(input.maxPrice);
          expect(suggestion.recommendedPrice.from).toBeLessThanOrEqual(suggestion.recommendedPrice.to);
        }
      }),
      { numRuns: 150 },
    );
  });

  test("honours the chosen body type unless it is 'alla'", () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        for (const suggestion of recommendLocally(input)) {
          const { entry } = sourceOf(suggestion);
          if (input.carType !== "alla") expect(entry.bodyTypes).toContain(input.carType);
        }
      }),
      { numRuns: 150 },
    );
  });

  test("returns schema-valid suggestions, at most `limit`, ranked 1..N by falling overall score, one per model", () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const suggestions = recommendLocally(input);
        expect(suggestions.length).toBeLessThanOrEqual(input.limit);
        const models = new Set<string>();
        suggestions.forEach((suggestion, index) => {
          expect(CarSuggestionSchema.safeParse(suggestion).success).toBe(true);
          expect(suggestion.ratings.rank).toBe(index + 1);
          expect(suggestion.ratings.finalScore).toBe(0);
          const previous = suggestions[index - 1];
          if (previous) expect(suggestion.ratings.overall).toBeLessThanOrEqual(previous.ratings.overall);
          models.add(`${suggestion.carMake}|${suggestion.carModel}`);
        });
        expect(models.size).toBe(suggestions.length);
      }),
      { numRuns: 150 },
    );
  });

  test("is deterministic: the same request gives a deep-equal answer", () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        expect(recommendLocally(input)).toEqual(recommendLocally({ ...input }));
      }),
      { numRuns: 60 },
    );
  });

  test("recommends a model year the budget reaches and a mileage that grows with age", () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        for (const suggestion of recommendLocally(input)) {
          const { entry } = sourceOf(suggestion);
          expect(suggestion.recommendedYear.from).toBeGreaterThanOrEqual(entry.years[0]);
          expect(suggestion.recommendedYear.from).toBeLessThanOrEqual(entry.years[1]);
          const age = Math.max(1, 2026 - suggestion.recommendedYear.from);
          expect(suggestion.recommendedMileage.to).toBeGreaterThanOrEqual(Math.min(30_000, age * 1500));
          expect(suggestion.recommendedMileage.to).toBeLessThanOrEqual(30_000);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe("local recommender: budget and filters", () => {
  test("returns an empty list rather than breaking the budget when nothing fits", () => {
    expect(recommendLocally(request({ maxPrice: 10_000 }))).toEqual([]);
    expect(recommendLocally(request({ maxPrice: 100_000, carType: "pickup" }))).toEqual([]);
  });

  test("a tiny budget still finds the cheapest old cars, with weight-based tax explained", () => {
    const [first] = recommendLocally(request({ maxPrice: 15_000 }));
    expect(first?.carName).toMatch(/^Volvo V70/);
    expect(first?.recommendedYear.from).toBeLessThanOrEqual(2005);
    expect(first?.deepDiveAnalysis).toContain("efter vikt");
  });

  test("chooses the newest model year whose typical price fits", () => {
    const suggestions = recommendLocally(request({ description: "Jag vill ha en Volvo V60 kombi", maxPrice: 290_000, carType: "kombi", limit: 20 }));
    const v60 = suggestions.find((suggestion) => suggestion.carModel === "V60");
    expect(v60?.recommendedYear.from).toBe(2021);
  });

  test("returns at most `limit` suggestions", () => {
    expect(recommendLocally(request({ limit: 3 }))).toHaveLength(3);
    expect(recommendLocally(request({ limit: 20, maxPrice: 5_000_000 }))).toHaveLength(20);
  });

  test("only suggests pickups when pickup is chosen", () => {
    const suggestions = recommendLocally(request({ carType: "pickup", maxPrice: 500_000 }));
    expect(suggestions.length).toBeGreaterThan(0);
    for (const suggestion of suggestions) expect(sourceOf(suggestion).entry.bodyTypes).toContain("pickup");
  });
});

describe("local recommender: the description's words matter", () => {
  test("'hund dragkrok fyrhjulsdrift' ranks roomy kombi/SUV models with AWD and real towing capacity first", () => {
    const suggestions = recommendLocally(request({ description: "hund dragkrok fyrhjulsdrift", maxPrice: 300_000 }));
    for (const suggestion of suggestions.slice(0, 3)) {
      const { entry, variant } = sourceOf(suggestion);
      expect(entry.bodyTypes.some((body) => body === "kombi" || body === "suv")).toBe(true);
      expect(entry.awd).not.toBe("none");
      expect(variant.towingKg ?? entry.towingKg).toBeGreaterThanOrEqual(1600);
    }
    expect(suggestions[0]?.whyItFits).toMatch(/hund/i);
    expect(suggestions[0]?.whyItFits).toMatch(/fyrhjulsdrift/i);
  });

  test("'pendla el snål' favours electric cars", () => {
    const suggestions = recommendLocally(request({ description: "Jag ska pendla, vill ha el och något snålt", maxPrice: 250_000 }));
    expect(suggestions.map((suggestion) => sourceOf(suggestion).variant.fuel).every((fuel) => fuel === "el")).toBe(true);
    expect(suggestions[0]?.ownershipCost.tax).toBe(360);
  });

  test("a big family that needs seven seats gets seven-seaters", () => {
    const suggestions = recommendLocally(request({ description: "Vi är en storfamilj med tre barn och behöver sju platser", maxPrice: 400_000 }));
    for (const suggestion of suggestions.slice(0, 3)) {
      const { entry } = sourceOf(suggestion);
      expect(entry.maxSeats ?? entry.seats).toBeGreaterThanOrEqual(7);
    }
  });

  test("'ingen diesel' steers away from diesel variants", () => {
    const suggestions = recommendLocally(request({ description: "Familjebil, men ingen diesel tack", maxPrice: 300_000, limit: 10 }));
    for (const suggestion of suggestions) {
      const { variant } = sourceOf(suggestion);
      expect(variant.fuel).not.toBe("diesel");
      expect(variant.combustionFuel).not.toBe("diesel");
    }
  });

  test("naming a brand puts that brand on top", () => {
    const [first] = recommendLocally(request({ description: "Helst en Volvo, gärna säker", maxPrice: 300_000 }));
    expect(first?.carMake).toBe("Volvo");
  });

  test("a small city car wish favours small cars over large ones", () => {
    const suggestions = recommendLocally(request({ description: "Liten och smidig bil för stan, lätt att parkera", maxPrice: 200_000 }));
    for (const suggestion of suggestions.slice(0, 3)) expect(["small", "compact"]).toContain(sourceOf(suggestion).entry.size);
  });

  test("inflections and case are understood: 'Fyrhjulsdriften', 'HUNDEN', 'barnfamilj'", () => {
    const ids = detectWishes("HUNDEN ska med, vi är en barnfamilj och Fyrhjulsdriften är viktig").map((wish) => wish.id);
    expect(ids).toEqual(expect.arrayContaining(["dog", "family", "awd"]));
    expect(detectWishes("Vi kör hundratals mil").map((wish) => wish.id)).not.toContain("dog");
  });

  test("negation only reaches within its clause", () => {
    expect(detectWishes("inte diesel, gärna el")).toEqual(
      expect.arrayContaining([
        { id: "diesel", negated: true },
        { id: "electric", negated: false },
      ]),
    );
  });

  test("an English or meaningless description still gets a balanced, Swedish answer", () => {
    for (const description of ["I am looking for a car", "asdf qwerty zxcv", "🚗🚗🚗🚗🚗🚗🚗🚗🚗🚗", "          "]) {
      const suggestions = recommendLocally(request({ description }));
      expect(suggestions).toHaveLength(5);
      expect(suggestions[0]?.whyItFits).toMatch(/budget/);
    }
    expect(recommendLocally(request({ description: "asdf qwerty zxcv" }))[0]?.whyItFits).toContain("balanserad bedömning");
  });
});

describe("local recommender: texts", () => {
  test("formats kronor and mil the Swedish way and never leaks raw values", () => {
    for (const suggestion of recommendLocally(request({ description: "familj hund långresor vinter", limit: 10 }))) {
      const text = [suggestion.whyItFits, suggestion.deepDiveAnalysis, suggestion.commonFlaws, ...suggestion.pros, ...suggestion.cons].join(" ");
      expect(text).toMatch(/\d{1,3}(\u00a0\d{3})+\u00a0kr/);
      expect(text).not.toMatch(/\d{4,}\s?kr/);
      expect(text).not.toMatch(/undefined|NaN|null|\[object/);
      expect(suggestion.deepDiveAnalysis.split(". ").length).toBeGreaterThanOrEqual(5);
    }
  });

  test("explains the buyer's protection for the chosen seller type", () => {
    const privat = recommendLocally(request({ sellerType: "privat", limit: 1 }))[0];
    const handlare = recommendLocally(request({ sellerType: "handlare", limit: 1 }))[0];
    expect(privat?.deepDiveAnalysis).toContain("köplagen");
    expect(handlare?.deepDiveAnalysis).toContain("konsumentköplagen");
  });

  test("cost assumptions can be overridden by the caller", () => {
    const base = recommendLocally(request({ limit: 1 }))[0];
    const heavy = recommendLocally(request({ limit: 1 }), { milPerYear: 3000 })[0];
    expect(heavy?.carName).toBeDefined();
    if (base && heavy && base.carName === heavy.carName) expect(heavy.ownershipCost.fuel).toBeGreaterThan(base.ownershipCost.fuel);
    expect(heavy?.deepDiveAnalysis).toContain("3\u00a0000\u00a0mil");
  });

  test("the recommender object resolves to the same list, reports each car and says it is local", async () => {
    expect(localRecommender.source).toBe("local");
    const seen: number[] = [];
    const cars = await localRecommender.recommend(request(), { onCar: (_car, progress) => seen.push(progress.done) });
    expect(cars).toEqual(recommendLocally(request()));
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  test("the recommender object rejects when the request was already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(localRecommender.recommend(request(), { signal: controller.signal })).rejects.toThrow();
  });
});
