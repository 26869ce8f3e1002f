import {
  type MarketplaceCar,
  type MarketplaceQuery,
  type MarketplaceQueryInput,
  MarketplaceQuerySchema,
  type MarketplaceResult,
  marketWindowOf,
} from "#app/lib/marketplace";
import { seededRandom } from "#app/lib/seeded-random";
import type { BodyType } from "#app/lib/car-facts";
import type { SellerType } from "#app/lib/search-form";
import { CATALOGUE, CATALOGUE_REFERENCE_YEAR, priceForYear } from "#app/server/cars/catalogue.server";
import type { Variant } from "#app/server/cars/variant.server";
import { bundledAdsUrl, normaliseVariantName } from "./blocket-variant-codes.server";

// Deterministic demo ads, labelled "demo", linking to Blocket's real search (docs/decisions/014-server-design-notes.md).

type Place = { city: string; municipality: string };
const place = (city: string, municipality = city): Place => ({ city, municipality });

/** Weighted roughly by population: larger places appear more than once. */
const PLACES: readonly Place[] = [
  place("Stockholm"),
  place("Stockholm"),
  place("Bromma", "Stockholm"),
  place("Hägersten", "Stockholm"),
  place("Göteborg"),
  place("Göteborg"),
  place("Mölndal"),
  place("Kungsbacka"),
  place("Malmö"),
  place("Malmö"),
  place("Lund"),
  place("Helsingborg"),
  place("Uppsala"),
  place("Västerås"),
  place("Örebro"),
  place("Linköping"),
  place("Norrköping"),
  place("Jönköping"),
  place("Umeå"),
  place("Luleå"),
  place("Sundsvall"),
  place("Gävle"),
  place("Borås"),
  place("Eskilstuna"),
  place("Södertälje"),
  place("Karlstad"),
  place("Växjö"),
  place("Halmstad"),
  place("Täby"),
  place("Nacka"),
  place("Saltsjöbaden", "Nacka"),
  place("Östersund"),
  place("Kalmar"),
  place("Falun"),
  place("Skellefteå"),
  place("Trollhättan"),
  place("Kristianstad"),
  place("Visby", "Gotland"),
  place("Kiruna"),
  place("Ystad"),
];

const FUEL_LABELS: Record<Variant["fuel"], string> = {
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
  variant: Variant;
  price: number;
  year: number;
  mileage: number;
  gearbox: "manuell" | "automat";
  seller: Exclude<SellerType, "alla">;
  place: Place;
  body: BodyType;
  towbar: boolean;
  extras: string[];
};

const TITLE_EXTRAS = ["Nybesiktigad", "1 ägare", "Svensksåld", "Värmare", "Nyservad", "Vinterhjul ingår", "Backkamera", "Navi", "Fullservad", "Motorvärmare"];

function equipAd(ad: Omit<DemoAd, "body" | "towbar" | "extras">, random: () => number): DemoAd {
  const { variant } = ad;
  const bodies = variant.bodies.filter((body) => !body.years || (ad.year >= body.years[0] && ad.year <= body.years[1]));
  const body = (pick(bodies.length > 0 ? bodies : variant.bodies, random) ?? variant.bodies[0]!).type;
  const towbarShare = variant.towingKg === 0 ? 0 : ["kombi", "suv", "familjebuss", "pickup", "skapbil"].includes(body) ? 0.65 : 0.3;
  const towbar = random() < towbarShare;
  const extras: string[] = [];
  if (towbar && random() < 0.5) extras.push(random() < 0.5 ? "Drag" : "Dragkrok");
  const count = Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const word = pick(TITLE_EXTRAS, random);
    if (word && !extras.includes(word)) extras.push(word);
  }
  return { ...ad, body, towbar, extras };
}

const pick = <T>(items: readonly T[], random: () => number): T | undefined => items[Math.floor(random() * items.length)];
const between = (low: number, high: number, random: () => number) => low + (high - low) * random();

function variantInventory(variant: Variant): DemoAd[] {
  const cached = INVENTORIES.get(variant.id);
  if (cached) {
    // Refresh its place in the insertion order: the map evicts the least recently used.
    INVENTORIES.delete(variant.id);
    INVENTORIES.set(variant.id, cached);
    return cached;
  }
  const ads = generateInventory(variant);
  INVENTORIES.set(variant.id, ads);
  if (INVENTORIES.size > INVENTORY_CACHE_SIZE) INVENTORIES.delete(INVENTORIES.keys().next().value ?? "");
  return ads;
}

/** Inventories are pure per id, so recent ones are kept; bounded so an isolate (128 MB) holds a few MB at most. */
const INVENTORY_CACHE_SIZE = 64;
const INVENTORIES = new Map<string, DemoAd[]>();

function generateInventory(variant: Variant): DemoAd[] {
  const random = seededRandom(variant.id);
  const equipment = seededRandom(`${variant.id}:utrustning`);
  const [first, last] = variant.years;
  const span = last - first + 1;
  const ads: DemoAd[] = [];
  for (let i = 0; i < variant.marketPresence; i++) {
    const year = Math.min(last, first + Math.floor(Math.sqrt(random()) * span));
    const age = Math.max(0.3, CATALOGUE_REFERENCE_YEAR - year + 0.5);
    const mileage = Math.max(5, Math.round((age * between(600, 2_100, random)) / 10) * 10);
    const typical = age * 1_300;
    const mileageFactor = 1 + Math.max(-0.15, Math.min(0.15, ((typical - mileage) / typical) * 0.15));
    const raw = (priceForYear(variant, year) ?? 0) * mileageFactor * between(0.9, 1.1, random);
    const price = Math.max(5_000, Math.round(raw / 1_000) * 1_000 - (random() < 0.6 ? 100 : 0));
    const automaticShare = variant.gearboxes.length === 1 ? (variant.gearboxes[0] === "automat" ? 1 : 0) : year >= 2018 ? 0.75 : 0.45;
    const gearbox = random() < automaticShare ? "automat" : "manuell";
    const seller = random() < 0.55 ? "handlare" : "privat";
    ads.push(equipAd({ variant, price, year, mileage, gearbox, seller, place: pick(PLACES, random) ?? place("Stockholm") }, equipment));
  }
  return ads;
}

const modelKey = (make: string, model: string) => `${normaliseVariantName(make)}|${normaliseVariantName(model)}`;

const BY_MODEL = new Map<string, Variant[]>();
for (const variant of CATALOGUE) {
  const key = modelKey(variant.make, variant.model);
  BY_MODEL.set(key, [...(BY_MODEL.get(key) ?? []), variant]);
}

function variantsFor(query: MarketplaceQuery): Variant[] {
  return (BY_MODEL.get(modelKey(query.make, query.model)) ?? []).filter(
    (variant) =>
      (query.fuel === undefined || variant.fuel === query.fuel) &&
      (query.combustionFuel === undefined || variant.combustionFuel === query.combustionFuel) &&
      (query.drivetrain === undefined || variant.drivetrain === query.drivetrain) &&
      (query.gearbox === undefined || variant.gearboxes.includes(query.gearbox)),
  );
}

export type LocalMarketplace = {
  source: "demo";
  search(query: MarketplaceQueryInput): Promise<MarketplaceResult>;
};

export function searchDemoAds(queryInput: MarketplaceQueryInput): MarketplaceResult {
  const query = MarketplaceQuerySchema.parse(queryInput);
  const adsUrl = bundledAdsUrl(query);
  const variants = variantsFor(query);
  const named = variants[0] ? { ...query, make: variants[0].make, model: variants[0].model } : query;
  const matching = variants
    .flatMap(variantInventory)
    .filter(
      (ad) =>
        (query.maxPrice === undefined || ad.price <= query.maxPrice) &&
        (query.minPrice === undefined || ad.price >= query.minPrice) &&
        (query.maxMileage === undefined || ad.mileage <= query.maxMileage) &&
        (query.minYear === undefined || ad.year >= query.minYear) &&
        (query.maxYear === undefined || ad.year <= query.maxYear) &&
        (query.gearbox === undefined || ad.gearbox === query.gearbox) &&
        (!query.towbar || ad.towbar) &&
        (query.bodies.length === 0 || query.bodies.includes(ad.body)) &&
        (query.sellerType === "alla" || ad.seller === query.sellerType),
    )
    // Newest listing first is Blocket's default order; stand in with the newest model year.
    .sort((a, b) => b.year - a.year || a.price - b.price);
  const cars = matching.slice(0, query.limit).map((ad, index): MarketplaceCar => ({
    // Our own fragment keeps links unique for list keys; the page is Blocket's real search.
    link: `${adsUrl}#demo-${index + 1}`,
    heading: [`${ad.variant.make} ${ad.variant.model} ${ad.variant.name}`, ...ad.extras].join(", "),
    price: { amount: String(ad.price) },
    car: {
      location: { city: ad.place.city, municipality: ad.place.municipality },
      fuel: fuelLabel(ad.variant),
      gearbox: ad.gearbox === "automat" ? "Automatisk" : "Manuell",
      regDate: ad.year,
      mileage: ad.mileage,
    },
    body: ad.body,
    stated: { ...(ad.towbar ? { towbar: true as const } : {}), drive: ad.variant.drivetrain, gearbox: ad.gearbox, fuel: ad.variant.fuel },
  }));
  return {
    cars,
    searched: { query: named, notApplied: [] },
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
