import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, inject, it } from "vitest";
import { MarketLine, MarketWindowPanel } from "#app/components/market-window";
import { ScoreMeter } from "#app/components/score-meter";
import type { MarketplaceQueryInput } from "#app/lib/marketplace";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import { BANDS_TEXT, scoreBreakdown } from "#app/lib/scoring";
import { createMarketplace, lookupAvailability } from "#app/server/marketplace/marketplace.server";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * Asking prices above 700 000 kr, against the fake Blocket's "price-cap" scenario: one public
 * source says Blocket's price filter stops there and clamps higher values, so a window past the
 * cap sent as is counts the wrong ads (or none). A car whose window reaches past the cap shows its
 * count as a lower bound and says why, and never "0 annonser".
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeBlocketUrl: string;
  }
}

const fakeUrl = inject("fakeBlocketUrl");
const outbound = createOutboundGuard([`${fakeUrl}/__mode/`]);

afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
});

function cappedBlocket() {
  const key = `price-cap-${crypto.randomUUID()}`;
  return createMarketplace(
    { source: "blocket", baseUrl: `${fakeUrl}/__mode/price-cap/${key}`, allowLoopbackBaseUrl: true, timeoutMs: 1_000, totalBudgetMs: 3_000 },
    { fetch: outbound.fetch, log: () => {} },
  );
}

/** The fake's three EX90 ads all ask 782 900 kr (2025–2026, under 1 500 mil). */
const EX90 = (minPrice: number, maxPrice: number): MarketplaceQueryInput => ({ make: "Volvo", model: "EX90", minPrice, maxPrice, minYear: 2024, limit: 6 });

/** What the buyer reads on the card: the market line, the market panel and the score's breakdown. */
async function card(query: MarketplaceQueryInput) {
  const lookup = await lookupAvailability(query, { marketplace: cappedBlocket(), log: () => {} });
  const availability: StoredAvailability =
    lookup.availability.status === "known" ? { ...lookup.availability, ads: (lookup.result?.cars ?? []).slice(0, 6) } : lookup.availability;
  const score = scoreBreakdown(80, availability.status === "known" ? availability.adCount : null);
  const recommendedPrice = { from: query.minPrice ?? 0, to: query.maxPrice ?? 0 };
  const html = renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      createElement(MarketLine, { availability, recommendedPrice }),
      createElement(MarketWindowPanel, { availability, recommendedPrice }),
      createElement(ScoreMeter, { score, availability }),
    ),
  );
  const words = (markup: string) => markup.replace(/<[^>]+>/gu, " ").replace(/\s+/gu, " ");
  // The bands' legend ("0 annonser ger 0") is the same on every card; what the card says of this car is the rest.
  return { availability, text: words(html).replace(words(BANDS_TEXT), "") };
}

const WHY = /Blocket filtrerar inte på priser över 700 000 kr/;

describe("asking prices above Blocket's 700 000 kr price filter", () => {
  it("a window wholly past the cap shows its ads as a lower bound and says why", async () => {
    const { availability, text } = await card(EX90(750_000, 900_000));
    expect(availability).toMatchObject({ status: "known", adCount: 3, countIsEstimate: true, priceCapped: true });
    expect(text).toContain("minst 3 annonser");
    expect(text).toMatch(WHY);
    expect(text).not.toMatch(/\b0 annonser/);
  });

  it("a window straddling the cap counts the ads above it too, as a lower bound", async () => {
    const { availability, text } = await card(EX90(600_000, 900_000));
    expect(availability).toMatchObject({ status: "known", adCount: 3, countIsEstimate: true, priceCapped: true });
    expect(text).toContain("minst 3 annonser");
    expect(text).toMatch(WHY);
  });

  it("a window past the cap with no ad in it on the page says it could not count, never '0 annonser'", async () => {
    const { availability, text } = await card(EX90(710_000, 760_000));
    expect(availability).toMatchObject({ status: "unknown", reason: "price-cap" });
    expect(text).not.toMatch(/\b0 annonser/);
    expect(text).toMatch(WHY);
  });

  it("a window under the cap is sent and counted as before: Blocket's exact count", async () => {
    const { availability, text } = await card({ make: "Volvo", model: "XC60", minPrice: 100_000, maxPrice: 400_000, limit: 6 });
    expect(availability).toMatchObject({ status: "known", countIsEstimate: false });
    expect(availability).not.toHaveProperty("priceCapped");
    expect(text).not.toMatch(WHY);
  });
});
