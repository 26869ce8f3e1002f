import {
  type MarketplaceCar,
  type MarketplaceQuery,
  type MarketplaceQueryInput,
  MarketplaceQuerySchema,
  type MarketplaceResult,
  marketWindowOf,
} from "#app/lib/marketplace";
import type { SellerType } from "#app/lib/search-form";
import {
  CATALOGUE,
  type CatalogueEntry,
  type Fuel,
  usedPrice,
  type Variant,
  variantYears,
} from "#app/server/ai/catalogue/catalogue";
import { CATALOGUE_PRICE_YEAR } from "#app/server/ai/catalogue/catalogue-data";
import { bundledAdsUrl, normaliseVariantName } from "./blocket-variant-codes.server";
import { seededRandom } from "#app/lib/seeded-random";

/**
 * The offline marketplace: deterministic demo ads generated from the catalogue, always
 * `source: "demo"` so pages label them as examples. Links lead to Blocket's real search page for
 * the same filters, never to invented ad pages.
 *
 * Each make/model has one fixed demo inventory (seeded from the canonical make and model), and
 * a query filters it. Seeding the inventory from the whole query would let a stricter filter show
 * more ads than a looser one; this way counts behave like a real market, and rare or expensive
 * combinations naturally end up with 0, 1–2 or 3–5 ads, so every availability bucket occurs.
 */

type Place = { city: string; municipality: string };
const place = (city: string, municipality = city): Place => ({ city, municipality });

/** Weighted roughly by population: larger places appear more than once. */
const PLACES: readonly Place[] = [
  place("Stockholm"), place("Stockholm"), place("Bromma", "Stockholm"), place("Hägersten", "Stockholm"),
  place("Göteborg"), place("Göteborg"), place("Mölndal"), place("Kungsbacka"),
  place("Malmö"), place("Malmö"), place("Lund"), place("Helsingborg"),
  place("Uppsala"), place("Västerås"), place("Örebro"), place("Linköping"), place("Norrköping"),
  place("Jönköping"), place("Umeå"), place("Luleå"), place("Sundsvall"), place("Gävle"),
  place("Borås"), place("Eskilstuna"), place("Södertälje"), place("Karlstad"), place("Växjö"),
  place("Halmstad"), place("Täby"), place("Nacka"), place("Saltsjöbaden", "Nacka"), place("Östersund"),
  place("Kalmar"), place("Falun"), place("Skellefteå"), place("Trollhättan"), place("Kristianstad"),
  place("Visby", "Gotland"), place("Kiruna"), place("Ystad"),
];

/** Typical number of used ads per make on Blocket, as a relative size. */
const MAKE_SUPPLY: Record<string, number> = {
  volvo: 90, volkswagen: 70, toyota: 50, audi: 35, bmw: 35, mercedesbenz: 35, tesla: 30,
  kia: 30, skoda: 30, ford: 25, hyundai: 18, nissan: 15, peugeot: 15, renault: 12, opel: 12,
  mazda: 12, subaru: 10, seat: 10, polestar: 10, mitsubishi: 8, dacia: 8, cupra: 6, fiat: 6,
  saab: 6, porsche: 4,
};
const COST_CLASS_SUPPLY = { small: 1, midsize: 1, premium: 0.7, exclusive: 0.35 } as const;

const FUEL_LABELS: Record<Fuel, string> = {
  bensin: "Bensin",
  diesel: "Diesel",
  el: "El",
  elhybrid: "Hybrid bensin",
  laddhybrid: "Plug-in bensin",
  e85: "Etanol",
  gas: "Gas",
};

function fuelLabel(variant: Variant): string {
  if (variant.combustionFuel === "diesel" && variant.fuel === "elhybrid") return "Hybrid diesel";
  if (variant.combustionFuel === "diesel" && variant.fuel === "laddhybrid") return "Plug-in diesel";
  return FUEL_LABELS[variant.fuel];
}

type DemoAd = {
  heading: string;
  price: number;
  year: number;
  mileage: number;
  fuel: string;
  gearbox: string;
  seller: Exclude<SellerType, "alla">;
  place: Place;
};

const pick = <T>(items: readonly T[], random: () => number): T | undefined => items[Math.floor(random() * items.length)];
const between = (low: number, high: number, random: () => number) => low + (high - low) * random();

function entryAds(entry: CatalogueEntry, count: number, random: () => number): DemoAd[] {
  const [first, last] = entry.years;
  const ads: DemoAd[] = [];
  for (let i = 0; i < count; i++) {
    const year = Math.min(last, first + Math.floor(random() * (last - first + 1)));
    const variants = entry.variants.filter((variant) => {
      const [from, to] = variantYears(entry, variant);
      return year >= from && year <= to;
    });
    const variant = pick(variants, random) ?? entry.variants[0];
    if (!variant) continue;
    const age = Math.max(0.3, CATALOGUE_PRICE_YEAR - year + 0.5);
    const typical = age * 1_300;
    const mileage = Math.max(5, Math.round((age * between(600, 2_100, random)) / 10) * 10);
    // A car driven less than typical asks more, within ±15 %, plus ordinary dealer/private spread.
    const mileageFactor = 1 + Math.max(-0.15, Math.min(0.15, ((typical - mileage) / typical) * 0.15));
    const raw = usedPrice(entry, year, variant) * mileageFactor * between(0.9, 1.1, random);
    const price = Math.max(10_000, Math.round(raw / 1_000) * 1_000 - (random() < 0.6 ? 100 : 0));
    const automaticShare = variant.fuel === "el" || variant.fuel === "elhybrid" || variant.fuel === "laddhybrid" ? 1 : year >= 2018 ? 0.75 : 0.45;
    ads.push({
      heading: `${entry.make} ${entry.model} ${variant.label}`,
      price,
      year,
      mileage,
      fuel: fuelLabel(variant),
      gearbox: random() < automaticShare ? "Automatisk" : "Manuell",
      seller: random() < 0.55 ? "handlare" : "privat",
      place: pick(PLACES, random) ?? place("Stockholm"),
    });
  }
  return ads;
}

/** A model the catalogue does not know: a handful of ads on a generic depreciation curve. */
function genericAds(query: MarketplaceQuery, random: () => number): DemoAd[] {
  const count = Math.floor(random() * 7);
  return Array.from({ length: count }, () => {
    const year = 2010 + Math.floor(random() * 15);
    const age = CATALOGUE_PRICE_YEAR - year + 0.5;
    return {
      heading: `${query.make} ${query.model}`,
      price: Math.max(10_000, Math.round((320_000 * 0.86 ** age * between(0.85, 1.15, random)) / 1_000) * 1_000 - 100),
      year,
      mileage: Math.round((age * between(700, 2_000, random)) / 10) * 10,
      fuel: random() < 0.6 ? "Bensin" : "Diesel",
      gearbox: random() < 0.6 ? "Automatisk" : "Manuell",
      seller: random() < 0.55 ? "handlare" : "privat",
      place: pick(PLACES, random) ?? place("Stockholm"),
    };
  });
}

/** The fixed demo inventory of one make/model, newest listing first. */
function inventory(query: MarketplaceQuery): DemoAd[] {
  const make = normaliseVariantName(query.make);
  const model = normaliseVariantName(query.model);
  const random = seededRandom(`${make}|${model}`);
  const entries = CATALOGUE.filter(
    (entry) => normaliseVariantName(entry.make) === make && normaliseVariantName(entry.model) === model,
  );
  if (entries.length === 0) return genericAds(query, random);
  const makeSupply = MAKE_SUPPLY[make] ?? 10;
  return entries.flatMap((entry) => {
    // Older generations have fewer cars left on the market.
    const ageFactor = entry.years[1] < 2012 ? 0.4 : 1;
    const expected = (makeSupply * COST_CLASS_SUPPLY[entry.costClass] * ageFactor) / entries.length;
    const count = Math.min(120, Math.round(expected * between(0.5, 1.5, random)));
    return entryAds(entry, count, random);
  });
}

export type LocalMarketplace = {
  source: "demo";
  search(query: MarketplaceQueryInput): Promise<MarketplaceResult>;
};

/** Same query, same ads, on every machine and every run. */
export function searchDemoAds(queryInput: MarketplaceQueryInput): MarketplaceResult {
  const query = MarketplaceQuerySchema.parse(queryInput);
  const adsUrl = bundledAdsUrl(query);
  const matching = inventory(query).filter(
    (ad) =>
      (query.maxPrice === undefined || ad.price <= query.maxPrice) &&
      (query.maxMileage === undefined || ad.mileage <= query.maxMileage) &&
      (query.minYear === undefined || ad.year >= query.minYear) &&
      (query.sellerType === "alla" || ad.seller === query.sellerType),
  );
  const cars = matching.slice(0, query.limit).map(
    (ad, index): MarketplaceCar => ({
      // Our own fragment keeps links unique for list keys; the page is Blocket's real search.
      link: `${adsUrl}#demo-${index + 1}`,
      heading: ad.heading,
      price: { amount: String(ad.price) },
      car: {
        location: { city: ad.place.city, municipality: ad.place.municipality },
        fuel: ad.fuel,
        gearbox: ad.gearbox,
        regDate: ad.year,
        mileage: ad.mileage,
      },
    }),
  );
  return {
    cars,
    adsUrl,
    totalCount: matching.length,
    countIsEstimate: false,
    source: "demo",
    // Like a real first result page: the window covers at most the first 50 ads.
    marketWindow: marketWindowOf(matching.slice(0, 50).map((ad) => ad.price)),
  };
}

export function createLocalMarketplace(): LocalMarketplace {
  return { source: "demo", search: async (query) => searchDemoAds(query) };
}
