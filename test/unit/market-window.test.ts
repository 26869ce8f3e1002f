import { describe, expect, it } from "vitest";
import { MarketWindowSchema, marketWindowOf } from "#app/lib/marketplace";

describe("the market window of the fetched asking prices", () => {
  it("gives median, range and the middle half (interpolated quartiles) from four prices up", () => {
    expect(marketWindowOf([200_000, 100_000, 400_000, 300_000])).toEqual({
      medianPrice: 250_000,
      lowPrice: 100_000,
      highPrice: 400_000,
      q1Price: 175_000,
      q3Price: 325_000,
      sampleSize: 4,
    });
    expect(marketWindowOf([90_000, 100_000, 110_000, 120_000, 500_000])).toMatchObject({ medianPrice: 110_000, q1Price: 100_000, q3Price: 120_000 });
  });

  it("leaves the quartiles out below four prices, where a middle half means nothing", () => {
    expect(marketWindowOf([137_900, 240_900, 181_900])).toEqual({ medianPrice: 181_900, lowPrice: 137_900, highPrice: 240_900, sampleSize: 3 });
    expect(marketWindowOf([])).toBeNull();
  });

  it("still reads a window saved before quartiles existed", () => {
    expect(MarketWindowSchema.parse({ medianPrice: 1, lowPrice: 1, highPrice: 1, sampleSize: 1 })).not.toHaveProperty("q1Price");
  });
});
