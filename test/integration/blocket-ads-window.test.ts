import { afterEach, describe, expect, inject, it } from "vitest";
import { needChecks, searchedFilters } from "#app/lib/ad-match";
import { blocketFilterParams, type MarketplaceQueryInput, MarketplaceQuerySchema, MarketplaceResultSchema } from "#app/lib/marketplace";
import { createBlocketMarketplace } from "#app/server/marketplace/blocket.server";
import { createMarketplace, lookupAvailability } from "#app/server/marketplace/marketplace.server";
import { search } from "#test/fakes/blocket-inventory";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * Ads that match the advice, against the fake Blocket: only ads inside the advised years and
 * mileage are shown, the count behind the availability score is the count for that window, each
 * ad links to itself, and a towbar is claimed only where the ad (or Blocket's echoed towbar
 * filter) says so. The "lenient" mode plays a Blocket that silently drops the year, mileage and
 * equipment filters, so the page it returns holds ads outside the window and ads without a towbar.
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

function scenario(mode: string) {
  const key = `${mode}-${crypto.randomUUID()}`;
  return { key, baseUrl: `${fakeUrl}/__mode/${mode}/${key}` };
}

function blocket(baseUrl: string) {
  return createBlocketMarketplace({ baseUrl, allowLoopbackBaseUrl: true, timeoutMs: 1_000, totalBudgetMs: 3_000 }, { fetch: outbound.fetch, log: () => {} });
}

type Recorded = { params: Record<string, string[]> };
const recorded = async (key: string) => (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as Recorded[];

/** A V60 advised for 2018–2020 with at most 9 000 mil, for a buyer who tows. */
const V60: MarketplaceQueryInput = { make: "Volvo", model: "V60", minYear: 2018, maxYear: 2020, maxMileage: 9_000, towbar: true, limit: 50 };
const V60_CODE = "2.818.2843.2000172";

type Doc = { id: string; year: number; mileage: number; canonical_url: string; heading: string };
/** The V60 ads the fake holds for the given filters (its own search, no HTTP). */
function inventory(filters: Record<string, string>): Doc[] {
  return search(new URLSearchParams({ variant: V60_CODE, sales_form: "1", ...filters })).docs as Doc[];
}

describe("Blocket ads inside the advised window", () => {
  it("sends the advised years at both ends, the mileage and the towbar filter", async () => {
    const { key, baseUrl } = scenario("ok");
    await blocket(baseUrl).search(V60);
    const [call] = await recorded(key);
    expect(call?.params).toMatchObject({ year_from: ["2018"], year_to: ["2020"], mileage_to: ["9000"], car_equipment: ["23"] });
  });

  it("shows none of the ads a lenient Blocket returns outside the window, and counts only those inside", async () => {
    const { baseUrl } = scenario("lenient");
    const result = await blocket(baseUrl).search(V60);
    expect(MarketplaceResultSchema.parse(result)).toEqual(result);

    const all = inventory({});
    const inside = all.filter((doc) => doc.year >= 2018 && doc.year <= 2020 && doc.mileage <= 9_000);
    // The scenario only proves something if Blocket's page really held ads outside the window.
    expect(all.length - inside.length).toBeGreaterThanOrEqual(3);
    expect(inside.length).toBeGreaterThanOrEqual(2);

    expect(result.cars.map((car) => car.link).sort()).toEqual(inside.map((doc) => doc.canonical_url).sort());
    for (const car of result.cars) {
      expect(car.car.regDate).toBeGreaterThanOrEqual(2018);
      expect(car.car.regDate).toBeLessThanOrEqual(2020);
      expect(car.car.mileage).not.toBeNull();
      expect(car.car.mileage ?? Infinity).toBeLessThanOrEqual(9_000);
    }
    // The count behind the availability score is the window's, not Blocket's unfiltered match_count.
    expect(result.totalCount).toBe(inside.length);
    expect(result.countIsEstimate).toBe(false);
    expect(result.searched?.notApplied).toEqual(["car_equipment", "mileage_to", "year_from", "year_to"]);
  });

  it("says 'Kontrollera dragkrok' on every ad that does not state a towbar, 'Dragkrok' only where its title does", async () => {
    const { baseUrl } = scenario("lenient");
    const result = await blocket(baseUrl).search(V60);
    const needs = { towbar: true, awd: false, fuels: [] };
    const saysTowbar = (heading: string) => /\bDrag\b/.test(heading);
    expect(result.cars.some((car) => saysTowbar(car.heading))).toBe(true);
    expect(result.cars.some((car) => !saysTowbar(car.heading))).toBe(true);
    for (const car of result.cars) {
      const [towbar] = needChecks(car, needs);
      expect(towbar, car.heading).toEqual(
        saysTowbar(car.heading) ? { need: "towbar", shown: true, text: "Dragkrok" } : { need: "towbar", shown: false, text: "Kontrollera dragkrok" },
      );
    }
  });

  it("trusts Blocket's count and its towbar filter when it echoes them, and every ad links to itself", async () => {
    const { baseUrl } = scenario("ok");
    const result = await blocket(baseUrl).search(V60);
    const expected = inventory({ year_from: "2018", year_to: "2020", mileage_to: "9000", car_equipment: "23" });
    expect(expected.length).toBeGreaterThan(0);
    expect(result.totalCount).toBe(expected.length);
    expect(result.searched?.notApplied).toEqual([]);
    expect(result.cars.map((car) => car.link).sort()).toEqual(expected.map((doc) => doc.canonical_url).sort());
    for (const car of result.cars) {
      expect(car.link).toMatch(/^https:\/\/www\.blocket\.se\/mobility\/item\/\d+$/);
      expect(car.thumbnail).toMatch(/^https:\/\/images\.blocketcdn\.se\/dynamic\/default\/item\/\d+\//);
      expect(needChecks(car, { towbar: true, awd: false, fuels: [] })).toEqual([{ need: "towbar", shown: true, text: "Dragkrok" }]);
    }
  });

  it("keeps the availability count and the words of the search with the lookup", async () => {
    const { baseUrl } = scenario("lenient");
    const marketplace = createMarketplace({ source: "blocket", baseUrl, allowLoopbackBaseUrl: true }, { fetch: outbound.fetch, log: () => {} });
    const lookup = await lookupAvailability({ ...V60, maxPrice: 400_000, drivetrain: "awd" }, { marketplace, log: () => {} });
    expect(lookup.availability.status).toBe("known");
    if (lookup.availability.status !== "known" || !lookup.availability.searched) throw new Error("expected a known availability with its search");
    expect(lookup.availability.adCount).toBe(lookup.result?.totalCount);
    expect(
      searchedFilters(lookup.availability.searched, "Volvo V60")
        .join(", ")
        .replace(/\u00a0/g, " "),
    ).toBe("Volvo V60, 2018–2020, högst 9 000 mil, högst 400 000 kr, fyrhjulsdrift, dragkrok");
  });

  it("puts the new filters in the cache key: a towing buyer never gets a non-towing buyer's cached ads", async () => {
    const with_ = blocketFilterParams(MarketplaceQuerySchema.parse(V60), { variants: [V60_CODE] });
    const without = blocketFilterParams(MarketplaceQuerySchema.parse({ ...V60, towbar: false, maxYear: undefined }), { variants: [V60_CODE] });
    expect(with_.get("car_equipment")).toBe("23");
    expect(without.has("car_equipment")).toBe(false);
    const { marketplaceCacheKey } = await import("#app/server/marketplace/marketplace-cache.server");
    const keys = new Set(
      [V60, { ...V60, towbar: false }, { ...V60, maxYear: 2021 }, { ...V60, minPrice: 100_000 }, { ...V60, bodies: ["kombi"] }].map((q) =>
        marketplaceCacheKey(MarketplaceQuerySchema.parse(q)),
      ),
    );
    expect(keys.size).toBe(5);
  });
});
