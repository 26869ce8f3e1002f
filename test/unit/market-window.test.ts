import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarketWindowPanel } from "#app/components/market-window";
import { type MarketWindow, MarketWindowSchema, marketWindowOf } from "#app/lib/marketplace";
import type { StoredAvailability } from "#app/lib/saved-recommendation";

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

describe("where our price suggestion sits in the market, in words", () => {
  const market = { medianPrice: 200_000, lowPrice: 100_000, highPrice: 300_000, q1Price: 170_000, q3Price: 240_000, sampleSize: 40 };
  /** The panel's markup with whitespace (no-break spaces too) as plain spaces. */
  const panel = (from: number, to: number, marketWindow: MarketWindow = market) => {
    const availability: StoredAvailability = {
      status: "known",
      adCount: 40,
      countIsEstimate: false,
      source: "demo",
      adsUrl: "https://www.blocket.se/",
      marketWindow,
      ads: [],
    };
    return renderToStaticMarkup(createElement(MarketWindowPanel, { availability, recommendedPrice: { from, to } })).replace(/\s/gu, " ");
  };
  const sentence = (from: number, to: number) => /data-testid="price-position">(.*?)<\/p>/u.exec(panel(from, to))?.[1]?.replace(/<[^>]+>/gu, "");

  it("says a window around the typical price in a buyer's words, not in statistics", () => {
    expect(sentence(180_000, 220_000)).toBe("Vårt prisförslag, 180 000–220 000 kr, ligger kring det typiska priset.");
  });

  it("gives the middle half to the hundred kronor: quartiles fall between asking prices", () => {
    const html = panel(180_000, 220_000, { ...market, q1Price: 210_925, q3Price: 239_975 });
    expect(/data-testid="market-middle">(.*?)<\/dd>/u.exec(html)?.[1]).toBe("210 900–240 000 kr");
  });

  it("gives one price, not a range from a price to itself, and says 'samtliga N annonser'", () => {
    const one = panel(160_000, 180_000, { medianPrice: 172_900, lowPrice: 172_900, highPrice: 172_900, sampleSize: 1 });
    expect(/data-testid="market-middle">(.*?)<\/dd>/u.exec(one)?.[1]).toBe("172 900 kr");
    const few = panel(160_000, 180_000, { medianPrice: 172_900, lowPrice: 150_000, highPrice: 190_000, sampleSize: 3 });
    expect(/data-testid="market-middle">(.*?)<\/dd>/u.exec(few)?.[1]).toBe("150 000–190 000 kr");
    expect(panel(180_000, 220_000)).toContain("Priserna gäller samtliga 40 annonser.");
    expect(panel(180_000, 220_000)).not.toContain("alla 40 annonserna");
  });

  it("names the cheap and the dear end, and a window outside every ad", () => {
    expect(sentence(175_000, 190_000)).toBe("Vårt prisförslag, 175 000–190 000 kr, ligger i den billigare halvan av annonserna.");
    expect(sentence(120_000, 160_000)).toBe("Vårt prisförslag, 120 000–160 000 kr, ligger bland de billigaste annonserna.");
    expect(sentence(320_000, 350_000)).toContain("över alla annonserna");
  });
});
