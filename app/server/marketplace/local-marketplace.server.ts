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

/**
 * The offline marketplace: deterministic demo ads generated from the variant catalogue, always
 * `source: "demo"` so pages label them as examples. Links lead to Blocket's real search page for
 * the same filters, never to invented ad pages.
 *
 * Each variant has one fixed demo inventory, seeded from its id and sized by its market presence
 * (how many ads of it Blocket typically holds), spread over its model years with realistic
 * mileage and prices from its price curve, each ad with its own body, towbar (or not) and a title
 * the way Swedish sellers write them. A query filters those inventories like Blocket's filters do
 * (the advised years, price window and mileage, seller, gearbox, body, towbar), so every ad shown
 * lies inside the advised window, the count follows the variant's presence and that window, a
 * stricter filter never shows more ads than a looser one, and the same query always gives the
 * same answer.
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
  /** Listed in the ad's equipment (what Blocket's towbar filter reads). */
  towbar: boolean;
  /** What the seller put in the title after the model, as Swedish sellers do. */
  extras: string[];
};

/** Title words sellers add; "Drag" only ever for a car that has one. */
const TITLE_EXTRAS = ["Nybesiktigad", "1 ägare", "Svensksåld", "Värmare", "Nyservad", "Vinterhjul ingår", "Backkamera", "Navi", "Fullservad", "Motorvärmare"];

/**
 * The ad's equipment and title from its own seed, apart from the inventory's numbers so those
 * stay what they were. A towbar is common on estates, SUVs and vans, rarer on small cars, and
 * never on a car not approved for towing; every other seller mentions it in the title.
 */
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

/**
 * The variant's fixed demo inventory. Newer years hold more of the ads (cars leave the market as
 * they age), mileage follows age at 600–2 100 mil a year, and the price follows the curve, a bit
 * higher for low mileage and with an ordinary ±10 % spread between sellers.
 */
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

/**
 * A variant's inventory is a pure function of its id, so recently used ones are kept: a create
 * looks up ten variants and the next buyer often asks about the same popular ones. Bounded so a
 * Worker isolate (128 MB) never holds more than a few MB of demo ads.
 */
const INVENTORY_CACHE_SIZE = 64;
const INVENTORIES = new Map<string, DemoAd[]>();

function generateInventory(variant: Variant): DemoAd[] {
  const random = seededRandom(variant.id);
  const equipment = seededRandom(`${variant.id}:utrustning`);
  const [first, last] = variant.years;
  const span = last - first + 1;
  const ads: DemoAd[] = [];
  for (let i = 0; i < variant.marketPresence; i++) {
    // sqrt skews towards the newer years.
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

/** The catalogue by normalised make and model, built once: a lookup must not normalise 400 names. */
const BY_MODEL = new Map<string, Variant[]>();
for (const variant of CATALOGUE) {
  const key = modelKey(variant.make, variant.model);
  BY_MODEL.set(key, [...(BY_MODEL.get(key) ?? []), variant]);
}

/** Variants the query asks about: same Blocket make and model, and the variant filters it sets. */
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

/** Same query, same ads, on every machine and every run. */
export function searchDemoAds(queryInput: MarketplaceQueryInput): MarketplaceResult {
  const query = MarketplaceQuerySchema.parse(queryInput);
  const adsUrl = bundledAdsUrl(query);
  const variants = variantsFor(query);
  // The search in the catalogue's own spelling, however the query was cased.
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
  const cars = matching.slice(0, query.limit).map(
    (ad, index): MarketplaceCar => ({
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
      // A demo ad lists its fuel, gearbox, drive and (when fitted) towbar, as a full Blocket ad does.
      stated: { ...(ad.towbar ? { towbar: true as const } : {}), drive: ad.variant.drivetrain, gearbox: ad.gearbox, fuel: ad.variant.fuel },
    }),
  );
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
