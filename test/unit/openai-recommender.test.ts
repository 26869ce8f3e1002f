import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createArrayItemScanner,
  enforceHardConstraints,
  parseRetryAfter,
  type ShortlistCar,
} from "#app/server/ai/openai-recommender.server";
import { CAR_TYPES, type CarType } from "#app/lib/search-form";

const bodyTypes = Object.keys(CAR_TYPES).filter((key) => key !== "alla") as Exclude<CarType, "alla">[];
const carTypes = Object.keys(CAR_TYPES) as CarType[];

const shortlistCar: fc.Arbitrary<ShortlistCar> = fc
  .record({
    carMake: fc.constantFrom("Volvo", "VW", "Toyota", "Kia"),
    carModel: fc.constantFrom("V60", "Golf", "RAV4", "Niro", "XC40"),
    bodyType: fc.constantFrom(...bodyTypes),
    overall: fc.integer({ min: 0, max: 100 }),
    comfort: fc.integer({ min: 0, max: 100 }),
    performance: fc.integer({ min: 0, max: 100 }),
    security: fc.integer({ min: 0, max: 100 }),
    reliability: fc.integer({ min: 0, max: 100 }),
    economy: fc.integer({ min: 0, max: 100 }),
    yearFrom: fc.integer({ min: 2000, max: 2025 }),
    priceFrom: fc.integer({ min: 0, max: 600_000 }),
    spread: fc.integer({ min: 0, max: 200_000 }),
    mileageTo: fc.integer({ min: 0, max: 40_000 }),
  })
  .map(({ spread, ...car }) => ({ ...car, priceTo: car.priceFrom + spread }));

describe("enforceHardConstraints", () => {
  it("never returns a car above budget, of another body type, duplicated, or beyond the limit", () => {
    fc.assert(
      fc.property(
        fc.array(shortlistCar, { maxLength: 30 }),
        fc.integer({ min: 10_000, max: 500_000 }),
        fc.constantFrom(...carTypes),
        fc.integer({ min: 1, max: 20 }),
        (cars, maxPrice, carType, limit) => {
          const kept = enforceHardConstraints(cars, { maxPrice, carType, limit });
          expect(kept.length).toBeLessThanOrEqual(limit);
          const names = kept.map((car) => `${car.carMake} ${car.carModel}`.toLowerCase());
          expect(new Set(names).size).toBe(names.length);
          for (const car of kept) {
            expect(car.priceTo).toBeLessThanOrEqual(maxPrice);
            expect(car.priceFrom).toBeLessThanOrEqual(car.priceTo);
            if (carType !== "alla") expect(car.bodyType).toBe(carType);
          }
        },
      ),
    );
  });

  it("keeps the model's order and clamps a range that only ends above the budget", () => {
    const base = { carMake: "Volvo", bodyType: "kombi" as const, overall: 80, comfort: 80, performance: 70, security: 90, reliability: 85, economy: 70, yearFrom: 2018, mileageTo: 15_000 };
    const kept = enforceHardConstraints(
      [
        { ...base, carModel: "V60", priceFrom: 180_000, priceTo: 280_000 },
        { ...base, carModel: "V90", priceFrom: 260_000, priceTo: 380_000 },
        { ...base, carModel: "XC60", bodyType: "suv", priceFrom: 200_000, priceTo: 240_000 },
        { ...base, carModel: "V70", priceFrom: 60_000, priceTo: 140_000 },
      ],
      { maxPrice: 250_000, carType: "kombi", limit: 10 },
    );
    expect(kept.map((car) => [car.carModel, car.priceFrom, car.priceTo])).toEqual([
      ["V60", 180_000, 250_000],
      ["V70", 60_000, 140_000],
    ]);
  });
});

describe("createArrayItemScanner", () => {
  it("finds the same shortlist items however the stream is chunked", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ carMake: fc.string(), carModel: fc.string({ unit: "grapheme" }), n: fc.integer() }), {
          maxLength: 8,
        }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        (cars, cuts) => {
          const text = JSON.stringify({ cars });
          const scan = createArrayItemScanner();
          const items: string[] = [];
          let end = 0;
          for (const cut of [...cuts, text.length]) {
            end = Math.min(text.length, end + cut);
            items.push(...scan(text.slice(0, end)));
          }
          items.push(...scan(text));
          expect(items.map((item) => JSON.parse(item))).toEqual(cars);
        },
      ),
    );
  });
});

describe("parseRetryAfter", () => {
  it("reads retry-after-ms, seconds and HTTP dates, and ignores nonsense", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "250" }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ "retry-after": "2" }), now)).toBe(2_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "Sat, 21 Nov 2026 12:00:05 GMT" }), now)).toBe(5_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
