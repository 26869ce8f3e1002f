import type { BodyType } from "#app/lib/car-facts";
import type { BuyerRequirements, NotedItem, ReadingField } from "#app/lib/requirements";
import { CATALOGUE, generationKey } from "#app/server/cars/catalogue.server";
import { climateInTouchScreen } from "#app/server/cars/controls.server";
import { threeAcross } from "#app/server/cars/rear-seats.server";
import { seatHeight } from "#app/server/cars/equipment.server";
import { assumedWishes } from "#app/lib/said-wishes";
import type { CostSituation, OwnershipCostEstimate } from "#app/server/cars/ownership-cost.server";
import { flawsForYears, type Variant } from "#app/server/cars/variant.server";
import { winterRangeKm } from "#app/server/cars/winter-range.server";
import type { Term } from "./intent.server";

// The buyer's situation, the needs it implies and its ranking terms; rules and facts: docs/advice-quality.md.

const NOTED = {
  easyEntry: "lätt att kliva i och ur",
  buttons: "fysiska knappar",
  screen: "stor skärm",
  childSeats: "barnstolar bredvid varandra bak",
  blockHeater: "motorvärmare",
  tools: "plats för verktyg",
  taxi: "taxi eller samåkning (Bolt, Uber)",
} as const;

const NEW_DRIVER_NOTE = "ny förare";

const said = (req: Pick<BuyerRequirements, "noted">, label: string) => req.noted.some((item) => item.text === label || item.text === `Gärna: ${label}`);
const refused = (req: Pick<BuyerRequirements, "noted">, label: string) =>
  req.noted.some((item) => item.text === `Inte: ${label}` || item.text === `Helst inte: ${label}`);

const COUNT_WORDS: Record<string, number> = { två: 2, tre: 3, fyra: 4 };

function notedChildSeats(req: Pick<BuyerRequirements, "noted">): number | null {
  const counts = req.noted
    .filter((item) => item.text === NOTED.childSeats || item.text === `Gärna: ${NOTED.childSeats}`)
    .map((item) => /^(\d|två|tre|fyra)\b/iu.exec(item.quote ?? "")?.[1]?.toLowerCase())
    .map((word) => (word === undefined ? null : (COUNT_WORDS[word] ?? Number(word))))
    .filter((count): count is number => count !== null && count >= 2 && count <= 4);
  return counts.length > 0 ? Math.max(...counts) : null;
}

/** From 70 the insurers' older-driver band begins to matter, and so do entry height and simple controls. */
const OLDER_DRIVER_AGE = 70;
/** Under 25 insurance costs about double: the insurers' young-driver bands. */
const YOUNG_DRIVER_AGE = 25;
/** About twice the Swedish average (1 200 mil): mileage a business driver runs up. */
const BUSINESS_MIL = 2500;
/** Below this a diesel rarely runs long enough to clear its particulate filter or to pay back its dearer tax. */
const DIESEL_MIN_MIL = 1500;

export type Circumstances = {
  olderDriver: boolean;
  easyEntry: boolean;
  buttons: boolean;
  newDriver: boolean;
  childSeatsAcross: number | null;
  smallChildren: boolean;
  taxi: boolean;
  businessMil: number | null;
  /** Cold starts the buyer spoke of: Norrland, a winter need, or an engine block heater (which any car can be fitted with). */
  coldStarts: boolean;
  fewMil: number | null;
  toolSpace: boolean;
};

export function circumstancesOf(req: BuyerRequirements): Circumstances {
  const age = req.usage.driverAge;
  const olderDriver = age !== undefined && age >= OLDER_DRIVER_AGE;
  const childSeatsAcross = req.situation.childSeatsAcross ?? notedChildSeats(req);
  const mil = req.usage.milPerYearStated && req.usage.milPerYear >= BUSINESS_MIL ? req.usage.milPerYear : null;
  return {
    olderDriver,
    easyEntry: olderDriver || said(req, NOTED.easyEntry),
    buttons: said(req, NOTED.buttons) || refused(req, NOTED.screen),
    newDriver: req.situation.newDriver === true || (age !== undefined && age < YOUNG_DRIVER_AGE),
    childSeatsAcross,
    smallChildren: childSeatsAcross !== null || said(req, NOTED.childSeats),
    taxi: req.situation.taxi === true || said(req, NOTED.taxi),
    businessMil: mil,
    coldStarts: req.usage.northern || req.usage.winterNeeds || said(req, NOTED.blockHeater),
    fewMil: req.usage.milPerYearStated && req.usage.milPerYear < DIESEL_MIN_MIL ? req.usage.milPerYear : null,
    toolSpace: said(req, NOTED.tools),
  };
}

const named = (item: NotedItem, label: string) => item.text === label || item.text === `Gärna: ${label}`;
const declined = (item: NotedItem, label: string) => item.text === `Inte: ${label}` || item.text === `Helst inte: ${label}`;

/** Whether a noted need moves the ranking: the same conditions under which circumstancesOf turns it into a term. */
export function weighsNoted(req: BuyerRequirements): (item: NotedItem) => boolean {
  const c = circumstancesOf(req);
  return (item) =>
    (c.easyEntry && named(item, NOTED.easyEntry)) ||
    (c.buttons && (named(item, NOTED.buttons) || declined(item, NOTED.screen))) ||
    ((c.childSeatsAcross ?? 0) >= 3 && named(item, NOTED.childSeats)) ||
    (c.fewMil !== null && named(item, NOTED.blockHeater)) ||
    (c.toolSpace && named(item, NOTED.tools)) ||
    (c.taxi && named(item, NOTED.taxi)) ||
    (c.newDriver && item.text === NEW_DRIVER_NOTE);
}

const byBuyer = (req: BuyerRequirements, field: ReadingField) => req.reading.items.some((item) => item.field === field && item.source === "buyer");

const ROAD_WORDS = /motorväg|motorway|highway|landsväg|\be\d{1,2}(?:an)?\b/iu;

/** Long trips the buyer stated, or read from the roads they drive; "semester" alone is a few weeks of the year. */
function drivesLong(req: BuyerRequirements): boolean {
  if ((req.wishes.longTrips ?? 0) <= 0) return false;
  const assumed = assumedWishes(req).get("longTrips");
  return assumed === undefined || ROAD_WORDS.test(assumed);
}

export function costSituationOf(req: BuyerRequirements): CostSituation {
  const trailerTotalKg = licenceTrailerKg(req);
  const towingKg = Math.max(trailerTotalKg ?? 0, req.hard.minTowingKg ?? 0);
  return {
    ...req.situation,
    ...(trailerTotalKg === undefined ? {} : { trailerTotalKg }),
    ...(towingKg > 0 ? { towingKg } : {}),
    ...(drivesLong(req) ? { longDistance: true } : {}),
  };
}

/** The trailer the licence note speaks of: the buyer's corrected trailer, else their corrected towing weight, else the trailer the wish named. */
export function licenceTrailerKg(req: BuyerRequirements): number | undefined {
  if (byBuyer(req, "trailerTotalKg")) return req.situation.trailerTotalKg;
  if (byBuyer(req, "minTowingKg") && req.hard.minTowingKg !== undefined) return req.hard.minTowingKg;
  return req.situation.trailerTotalKg;
}

export type ImpliedNeed = "kids-seats" | "taxi-seats" | "child-seats" | "child-row" | "winter-range" | "trailer";

const FAMILY_MIN_SEATS = 4;
const REAR_BENCH_SEATS = 5;
/** The reading's floor for a trailer: no car tows more, and above it the stated total stays as read. */
const TRAILER_FLOOR_MAX_KG = 4000;

/** Three child seats across need a rear bench known to take them, or seven seats, or at least a mid-size car's width. */
function tooNarrowForThree(variant: Variant): boolean {
  return variant.seats <= REAR_BENCH_SEATS && threeAcross(variant) === null && ["mini", "small", "compact"].includes(variant.size);
}

/** A need the buyer's situation implies that the car's facts rule out; filtered like a hard requirement. */
export function impliedNeedBroken(variant: Variant, req: BuyerRequirements, circumstances = circumstancesOf(req)): ImpliedNeed | null {
  if (req.situation.kids === true && variant.seats < FAMILY_MIN_SEATS) return "kids-seats";
  if (circumstances.taxi && variant.seats < REAR_BENCH_SEATS) return "taxi-seats";
  if ((circumstances.childSeatsAcross ?? 0) >= 3 && (variant.seats < REAR_BENCH_SEATS || tooNarrowForThree(variant))) return "child-seats";
  const row = variant.thirdRow;
  const minSeats = req.hard.minSeats ?? 0;
  if (minSeats > 5 && row?.rearFacing && !circumstances.smallChildren && variant.seats - row.seats < minSeats) return "child-row";
  const winter = req.usage.northern || req.usage.winterNeeds;
  if (winter && variant.fuel === "el" && req.hard.minRangeKm !== undefined && (winterRangeKm(variant, req.usage) ?? 0) < req.hard.minRangeKm)
    return "winter-range";
  const trailer = req.situation.trailerTotalKg;
  if (byBuyer(req, "trailerTotalKg") && trailer !== undefined && trailer <= TRAILER_FLOOR_MAX_KG && variant.towingKg < trailer) return "trailer";
  return null;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

function entryFit(variant: Variant, body: BodyType): number {
  if (body === "pickup" || body === "skapbil") return 30;
  return { high: 100, raised: 85, mid: 25, low: 0 }[seatHeight(variant, body)];
}
const SMALL_FIT: Record<Variant["size"], number> = { mini: 70, small: 100, compact: 100, midsize: 50, large: 15, xl: 0 };
/** A proxy for rear width where no generation fact says whether three child seats fit across. */
const REAR_WIDTH_FIT: Record<Variant["size"], number> = { mini: 0, small: 10, compact: 35, midsize: 65, large: 85, xl: 100 };
const TAXI_SIZE_FIT: Record<Variant["size"], number> = { mini: 0, small: 25, compact: 85, midsize: 100, large: 100, xl: 80 };

const TOUCH =
  /pekskärm\p{L}*|pekreglage|pekknapp\p{L}*|pekplatt\p{L}*|(?:via|med) (?:mitt)?skärmen|i mittskärmen|saknar fysiska knappar|alla reglage|skärm\p{L}* (?:kan )?(?:frys|frysa|fryser)|frysande (?:mitt|pek)?skärm/iu;
const KNOBS = /vridreglage|fysiska knappar (?:för|till)/iu;

/** One generation, one dashboard: what an engine sold in the same years says of the controls holds for its siblings (a facelift's panel does not). */
function generationSentences(variant: Variant, window: { yearFrom: number; yearTo: number }, catalogue: readonly Variant[]): string[] {
  const key = generationKey(variant);
  const sameYears = (sibling: Variant) => sibling.years[0] <= window.yearTo && sibling.years[1] >= window.yearFrom;
  return catalogue
    .filter((sibling) => sibling === variant || (generationKey(sibling) === key && sameYears(sibling)))
    .flatMap((sibling) => [...flawsForYears(sibling, window.yearFrom, window.yearTo), ...sibling.reliabilityNotes, ...sibling.strengths]);
}

function controlsFit(variant: Variant, window: { yearFrom: number; yearTo: number }, catalogue: readonly Variant[] = CATALOGUE): number {
  if (climateInTouchScreen(variant)) return 0;
  const sentences = generationSentences(variant, window, catalogue);
  if (sentences.some((text) => TOUCH.test(text))) return 0;
  return sentences.some((text) => KNOBS.test(text)) ? 100 : 60;
}

function childSeatsFit(variant: Variant): number {
  const across = threeAcross(variant);
  if (across === "seats") return 100;
  if (across === "wide" || variant.seats > 5) return 85;
  return REAR_WIDTH_FIT[variant.size];
}

const TAXI_WORKING_DAYS = 250;
/** The Swedish taxi fleets run full hybrids: the engine rests in town traffic, the brakes last, no clutch or filter wears. */
const TAXI_FUEL_FIT: Record<Variant["fuel"], number> = { elhybrid: 100, gas: 60, diesel: 55, laddhybrid: 55, bensin: 40, e85: 40, el: 80 };

function taxiPowertrainFit(variant: Variant, req: BuyerRequirements): number {
  if (variant.fuel !== "el") return TAXI_FUEL_FIT[variant.fuel];
  const dayKm = (req.usage.milPerYear * 10) / TAXI_WORKING_DAYS;
  const winter = winterRangeKm(variant, req.usage) ?? 0;
  return winter >= dayKm * 1.2 ? TAXI_FUEL_FIT.el : 20;
}

/** A diesel on short, cold trips: slow to warm, a filter that never clears, a tax the few mil never pay back. */
function dieselFit(variant: Variant, c: Circumstances): number | null {
  if (c.fewMil === null) return null;
  if (variant.fuel !== "diesel") return 100;
  return c.coldStarts ? 10 : 30;
}

const toolSpaceFit = (boot: number | null) => clamp((((boot ?? 300) - 250) / 350) * 100);

const runningPerMil = (costs: OwnershipCostEstimate, mil: number) => (costs.fuel + costs.maintenance) / Math.max(1, mil);
const runningFit = (costs: OwnershipCostEstimate, mil: number) => clamp(100 - (runningPerMil(costs, mil) - 3) * 7);

const HEAVY_TRAILER_KG = 1000;
/** Some 15 % over the trailer's weight: a rated figure is met at full load on the level, not on a long climb with a headwind. */
const COMFORTABLE_MARGIN = 1.15;
/** A diesel pulls low in the revs and drinks least under load; a plug-in's battery is soon empty with a trailer; an EV's range halves. */
const TOWING_FUEL_FIT: Record<Variant["fuel"], number> = { diesel: 100, bensin: 55, e85: 50, elhybrid: 60, gas: 45, laddhybrid: 35, el: 10 };

function towingMarginFit(variant: Variant, trailerKg: number): number {
  const ratio = variant.towingKg / trailerKg;
  return clamp(60 + ((ratio - 1) / (COMFORTABLE_MARGIN - 1)) * 40);
}

/** Without a home charger a plug-in runs on petrol carrying its battery; an electric car lives on public chargers. */
const NO_HOME_CHARGING_FIT: Partial<Record<Variant["fuel"], number>> = { laddhybrid: 0, el: 25 };

export type DealBreaker = "touch-climate" | "no-charging" | "robotised-automatic" | "dual-clutch";

const DUAL_CLUTCH = /dsg|(?<![\p{L}])dq\d{3}|s tronic|dubbelkoppling\p{L}*|(?<![\p{L}])dct|tc-sst|powershift/iu;
const NO_DUAL_CLUTCH = "Undvik dubbelkopplingslåda (DSG)";

const ROBOTISED = /i-shift|(?<![\p{L}])mmt|(?<![\p{L}])asg|x-shift|easytronic|(?<![\p{L}])e[gt][sg](?![\p{L}])|robot\p{L}*/iu;

function needsAutomatic(req: BuyerRequirements, c: Circumstances): boolean {
  if (req.hard.gearbox === "automat" || req.preferredGearbox === "automat") return true;
  return c.olderDriver && req.hard.gearbox !== "manuell" && req.preferredGearbox !== "manuell";
}

/** What would cripple the car for this buyer when the reading holds their situation: it does not stand among the first three. */
export function dealBreakerOf(variant: Variant, window: { yearFrom: number; yearTo: number }, req: BuyerRequirements, c: Circumstances): DealBreaker | null {
  if (c.buttons && controlsFit(variant, window) === 0) return "touch-climate";
  if (req.situation.homeCharging === false && variant.fuel === "el") return "no-charging";
  if (!variant.gearboxes.includes("automat")) return null;
  const flaws = flawsForYears(variant, window.yearFrom, window.yearTo);
  if (flaws.some((text) => ROBOTISED.test(text)) && needsAutomatic(req, c)) return "robotised-automatic";
  const dualClutch = [...flaws, ...variant.reliabilityNotes].some((text) => DUAL_CLUTCH.test(text));
  if (dualClutch && req.noted.some((item) => item.text === NO_DUAL_CLUTCH) && (needsAutomatic(req, c) || !variant.gearboxes.includes("manuell")))
    return "dual-clutch";
  return null;
}

export function situationTerms(
  variant: Variant,
  window: { yearFrom: number; yearTo: number; body: { type: BodyType; bootLitres: number | null } },
  costs: OwnershipCostEstimate,
  reliability: number,
  req: BuyerRequirements,
  c: Circumstances,
): Term[] {
  const terms: Term[] = [];
  if (c.easyEntry) {
    terms.push({ value: entryFit(variant, window.body.type), weight: 3 });
    terms.push({ value: clamp(SMALL_FIT[variant.size] - (variant.seats > 5 ? 40 : 0)), weight: 2.5 });
  }
  if (c.olderDriver && req.hard.gearbox === undefined && req.preferredGearbox === undefined) {
    terms.push({ value: variant.gearboxes.includes("automat") ? 100 : 0, weight: 2 });
  }
  if (c.buttons || c.olderDriver) terms.push({ value: controlsFit(variant, window), weight: c.buttons ? 3 : 1.5 });
  if (c.newDriver) {
    terms.push({ value: clamp(100 - (costs.insurance - 3000) / 120), weight: 3 });
    terms.push({ value: clamp(100 - (variant.powerHp - 120)), weight: 2 });
  }
  if ((c.childSeatsAcross ?? 0) >= 3) terms.push({ value: childSeatsFit(variant), weight: 3.5 });
  if (c.taxi) {
    terms.push({ value: TAXI_SIZE_FIT[variant.size], weight: 2.5 });
    terms.push({ value: taxiPowertrainFit(variant, req), weight: 2.5 });
    terms.push({ value: reliability, weight: 1.5 });
    terms.push({ value: runningFit(costs, req.usage.milPerYear), weight: 1.5 });
  }
  const diesel = dieselFit(variant, c);
  if (diesel !== null) terms.push({ value: diesel, weight: 2.5 });
  if (c.toolSpace) terms.push({ value: toolSpaceFit(window.body.bootLitres), weight: 2.5 });
  if (req.situation.homeCharging === false) terms.push({ value: NO_HOME_CHARGING_FIT[variant.fuel] ?? 100, weight: 3.5 });
  const trailer = req.situation.trailerTotalKg;
  if (trailer !== undefined && trailer >= HEAVY_TRAILER_KG) {
    terms.push({ value: towingMarginFit(variant, trailer), weight: 2.5 });
    terms.push({ value: TOWING_FUEL_FIT[variant.fuel], weight: 2.5 });
  }
  if (c.businessMil !== null) terms.push({ value: runningFit(costs, c.businessMil), weight: c.businessMil >= 5000 ? 4 : c.businessMil >= 3500 ? 3 : 2 });
  return terms;
}
