import { BODY_LABELS, BodyTypeSchema, SizeSchema, type BodyType, type Size } from "#app/lib/car-facts";
import { CONFLICT_COPY } from "#app/lib/failure-copy";
import { formatNumber } from "#app/lib/format";
import type { HardRequirements, RequirementConflict } from "#app/lib/requirements";
import { CAR_TYPES, type CarType } from "#app/lib/search-form";
import type { Draft, Sourced, SourcedMake } from "./draft.server";

// A contradiction never throws: the conflict quotes both statements, and a requirement that would exclude every car is dropped.

const ALL_BODIES = BodyTypeSchema.options;
const ALL_SIZES = SizeSchema.options;
const ROOMY_BODIES: readonly BodyType[] = ["kombi", "suv", "familjebuss", "skapbil"];
/** No passenger car is approved to tow a heavier braked trailer. */
const HEAVIEST_TRAILER_KG = 3500;
/** Longer than any electric car goes on a charge (the best reach about 700 km in the summer). */
const LONGEST_RANGE_KM = 800;

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text;
}

function clash(code: string, message: string): RequirementConflict {
  return { code, message };
}

function largest(statements: readonly Sourced<number>[]): Sourced<number> | undefined {
  return statements.reduce<Sourced<number> | undefined>((most, next) => (most === undefined || next.value > most.value ? next : most), undefined);
}

/** One conflict per pair of statements ("elbil" against "ingen elbil"), not per value they share. */
function clashes<T>(
  wanted: readonly Sourced<T>[],
  refused: readonly Sourced<T>[],
  code: string,
  question: string,
  ignore: (want: Sourced<T>, refuse: Sourced<T>) => boolean = () => false,
): RequirementConflict[] {
  const found = new Map<string, RequirementConflict>();
  for (const want of wanted) {
    for (const refuse of refused) {
      if (want.value !== refuse.value || ignore(want, refuse)) continue;
      const message = CONFLICT_COPY.both(shorten(want.quote), shorten(refuse.quote), question);
      found.set(message, clash(code, message));
    }
  }
  return [...found.values()];
}

// prettier-ignore
const formBodies: Partial<Record<CarType, readonly BodyType[]>> = {
  halvkombi: ["halvkombi"], sedan: ["sedan"], kombi: ["kombi"], suv: ["suv"], familjebuss: ["familjebuss"],
  "coupe-cab": ["coupe", "cab"], pickup: ["pickup"], skapbil: ["skapbil"],
};
const formSizes: Partial<Record<CarType, readonly Size[]>> = { smabil: ["mini", "small"] };

interface Shape {
  bodyTypes: BodyType[];
  sizes: Size[];
  conflicts: RequirementConflict[];
}

/** The form's choice wins over the text; the text narrows "Alla"; a refusal alone allows the rest. */
function settleShape(draft: Draft, carType: CarType): Shape {
  const conflicts = [
    ...clashes(draft.bodies, draft.excludedBodies, "body-required-and-excluded", CONFLICT_COPY["body-required-and-excluded"]),
    ...clashes(draft.leanedBodies, draft.excludedBodies, "body-required-and-excluded", CONFLICT_COPY["body-required-and-excluded"]),
    ...clashes(draft.sizes, draft.excludedSizes, "size-required-and-excluded", CONFLICT_COPY["size-required-and-excluded"]),
  ];
  const excludedBodies = unique(draft.excludedBodies.map((body) => body.value));
  const excludedSizes = unique(draft.excludedSizes.map((size) => size.value));
  const textBodies = unique(draft.bodies.map((body) => body.value)).filter((body) => !excludedBodies.includes(body));
  const textSizes = unique(draft.sizes.map((size) => size.value)).filter((size) => !excludedSizes.includes(size));
  const formLabel = CAR_TYPES[carType];
  const fromForm = (quoted: readonly Sourced<unknown>[], code: string) => {
    const first = quoted[0];
    if (first !== undefined) conflicts.push(clash(code, CONFLICT_COPY["form-text"](formLabel, shorten(first.quote))));
  };

  const chosenBodies = formBodies[carType];
  let bodyTypes: BodyType[];
  if (chosenBodies !== undefined) {
    if (textBodies.length > 0 && !textBodies.some((body) => chosenBodies.includes(body))) fromForm(draft.bodies, "body-form-text");
    fromForm(
      draft.excludedBodies.filter((body) => chosenBodies.includes(body.value)),
      "body-form-excluded",
    );
    bodyTypes = [...chosenBodies];
  } else if (textBodies.length > 0) bodyTypes = textBodies;
  else bodyTypes = excludedBodies.length > 0 ? ALL_BODIES.filter((body) => !excludedBodies.includes(body)) : [];

  const chosenSizes = formSizes[carType];
  let sizes: Size[];
  if (chosenSizes !== undefined) {
    fromForm(
      draft.excludedSizes.filter((size) => chosenSizes.includes(size.value)),
      "size-form-excluded",
    );
    sizes = [...chosenSizes];
  } else if (textSizes.length > 0) sizes = textSizes;
  else sizes = excludedSizes.length > 0 ? ALL_SIZES.filter((size) => !excludedSizes.includes(size)) : [];

  return { bodyTypes, sizes, conflicts };
}

const plugIn = (fuel: string) => fuel === "el" || fuel === "laddhybrid";
/** "bara diesel, en elbil vore kul": a leaning on the other side of the plug from every allowed fuel is asked back, not dropped. */
function leanedAcrossCharging(draft: Draft, allowed: readonly string[]): RequirementConflict[] {
  const want = draft.fuels.find((fuel) => allowed.includes(fuel.value));
  if (want === undefined) return [];
  const across = draft.leanedFuels.find(
    (lean) =>
      !allowed.includes(lean.value) && ((lean.value === "el" && !allowed.some(plugIn)) || (allowed.every((fuel) => fuel === "el") && !plugIn(lean.value))),
  );
  if (across === undefined) return [];
  return [clash("fuel-required-and-excluded", CONFLICT_COPY.both(shorten(want.quote), shorten(across.quote), CONFLICT_COPY["fuel-required-and-excluded"]))];
}

export interface Settled {
  hard: HardRequirements;
  conflicts: RequirementConflict[];
}

export function settleHard(draft: Draft, maxPrice: number, carType: CarType, referenceYear: number): Settled {
  const shape = settleShape(draft, carType);
  const conflicts = [...shape.conflicts];

  conflicts.push(...clashes(draft.fuels, draft.excludedFuels, "fuel-required-and-excluded", CONFLICT_COPY["fuel-required-and-excluded"]));
  // A leaning against a hard refusal is a contradiction too ("ingen diesel … en dieselkombi vore perfekt").
  conflicts.push(...clashes(draft.leanedFuels, draft.excludedFuels, "fuel-required-and-excluded", CONFLICT_COPY["fuel-required-and-excluded"]));
  const excludedFuels = unique(draft.excludedFuels.map((fuel) => fuel.value));
  const allowedFuels = unique(draft.fuels.map((fuel) => fuel.value)).filter((fuel) => !excludedFuels.includes(fuel));
  conflicts.push(...leanedAcrossCharging(draft, allowedFuels));

  // "tyska märken men inte BMW" narrows the origin; naming a make and refusing it is a clash.
  const narrowsOrigin = (want: SourcedMake, refuse: SourcedMake) => want.origin !== undefined && refuse.origin === undefined;
  conflicts.push(...clashes(draft.makes, draft.excludedMakes, "make-required-and-excluded", CONFLICT_COPY["make-required-and-excluded"], narrowsOrigin));
  // "inget från Stellantis, förutom kanske en Jeep": a make allowed by name is excepted from its refused group.
  const named = new Set([...draft.preferredMakes, ...draft.accepted.makes]);
  const excepted = (make: SourcedMake) => (make.origin !== undefined || make.group === true) && named.has(make.value);
  const excludedMakes = unique(draft.excludedMakes.filter((make) => !excepted(make)).map((make) => make.value));
  const requiredMakes = unique(draft.makes.map((make) => make.value)).filter((make) => !excludedMakes.includes(make));

  let gearboxes = unique(draft.gearboxes.map((gearbox) => gearbox.value));
  // "manuell går också bra": with the other gearbox allowed, the one asked for is a leaning; said as a must, it is asked back.
  const otherAllowed = draft.accepted.gearboxes.find((gearbox) => gearboxes.length === 1 && gearbox.value !== gearboxes[0]);
  if (otherAllowed !== undefined) {
    const must = draft.requiredGearboxes.find((gearbox) => gearbox.value !== otherAllowed.value);
    if (must !== undefined)
      conflicts.push(clash("gearbox-both", CONFLICT_COPY.both(shorten(must.quote), shorten(otherAllowed.quote), CONFLICT_COPY["gearbox-both"])));
    draft.preferredGearboxes = [...gearboxes];
    gearboxes = [];
  }
  const mustBox = draft.requiredGearboxes.find((gearbox) => gearboxes.includes(gearbox.value));
  const leanedOther = draft.leanedGearboxes.find((gearbox) => mustBox !== undefined && gearbox.value !== mustBox.value);
  if (mustBox !== undefined && leanedOther !== undefined && otherAllowed === undefined)
    conflicts.push(clash("gearbox-both", CONFLICT_COPY.both(shorten(mustBox.quote), shorten(leanedOther.quote), CONFLICT_COPY["gearbox-both"])));
  const automat = draft.gearboxes.find((gearbox) => gearbox.value === "automat");
  const manuell = draft.gearboxes.find((gearbox) => gearbox.value === "manuell");
  if (automat !== undefined && manuell !== undefined) {
    conflicts.push(clash("gearbox-both", CONFLICT_COPY.both(shorten(automat.quote), shorten(manuell.quote), CONFLICT_COPY["gearbox-both"])));
  }

  const seats = largest([...draft.seats, ...(draft.seatsHedged ? [] : draft.familySeats)]);
  if (seats !== undefined && seats.value > 9) {
    conflicts.push(clash("seats-too-many", CONFLICT_COPY["seats-too-many"](shorten(seats.quote), 9)));
  }
  const minSeats = seats === undefined ? undefined : Math.min(9, seats.value);
  if (seats !== undefined && seats.value > 5) {
    const onlySmall = shape.sizes.length > 0 && shape.sizes.every((size) => size === "mini" || size === "small");
    const noRoomyBody = shape.bodyTypes.length > 0 && !shape.bodyTypes.some((body) => ROOMY_BODIES.includes(body));
    if (onlySmall || noRoomyBody) {
      const which = onlySmall ? "småbil" : shape.bodyTypes.map((body) => BODY_LABELS[body]).join(" eller ");
      conflicts.push(clash("seats-body", CONFLICT_COPY["seats-body"](shorten(seats.quote), which)));
    }
  }

  const stated = largest(draft.towingKg);
  const assumed = draft.towingRefused ? [] : draft.assumedTowingKg.map((entry) => entry.value);
  const floors = [...draft.towingFloorKg, ...assumed];
  const towing = stated?.value ?? (floors.length > 0 ? Math.max(...floors) : undefined);
  if (stated !== undefined && stated.value > HEAVIEST_TRAILER_KG) {
    conflicts.push(clash("towing-too-heavy", CONFLICT_COPY["towing-too-heavy"](shorten(stated.quote), formatNumber(HEAVIEST_TRAILER_KG))));
  }

  const range = largest(draft.rangeKm);
  if (range !== undefined && range.value > LONGEST_RANGE_KM) {
    conflicts.push(clash("range-unrealistic", CONFLICT_COPY["range-unrealistic"](shorten(range.quote))));
  }

  const years = draft.modelYears.filter((year) => year.value >= 1950);
  const future = years.find((year) => year.value > referenceYear + 1);
  if (future !== undefined) {
    conflicts.push(clash("model-year-future", CONFLICT_COPY["model-year-future"](shorten(future.quote), future.value)));
  }
  const possibleYears = years.filter((year) => year.value <= referenceYear + 1).map((year) => year.value);

  const hard: HardRequirements = {
    maxPrice,
    bodyTypes: shape.bodyTypes,
    sizes: shape.sizes,
    adultThirdRow: draft.thirdRowAdults || (draft.adultsBack && (minSeats ?? 0) > 5),
    awd: draft.awd,
    allowedFuels,
    excludedFuels,
    requiredMakes,
    excludedMakes,
    ...(minSeats === undefined ? {} : { minSeats }),
    ...(towing === undefined ? {} : { minTowingKg: Math.min(4000, Math.max(1, towing)) }),
    ...(range === undefined ? {} : { minRangeKm: Math.min(2000, Math.max(1, range.value)) }),
    ...(gearboxes.length === 1 && gearboxes[0] !== undefined ? { gearbox: gearboxes[0] } : {}),
    ...(possibleYears.length === 0 ? {} : { minModelYear: Math.max(...possibleYears) }),
    ...(draft.powerHp.length === 0 ? {} : { minPowerHp: Math.min(2000, Math.max(1, ...draft.powerHp)) }),
    ...(draft.odometerMil.length === 0 ? {} : { maxOdometerMil: Math.min(100_000, Math.max(1, Math.min(...draft.odometerMil))) }),
  };
  return { hard, conflicts };
}
