import { DEFAULT_MIL_PER_YEAR, type NotedItem, type Usage } from "#app/lib/requirements";
import type { Draft } from "./draft.server";

/** A commute runs on working days, other daily driving on all 365. */
const WORKING_DAYS = 230;

export function settleUsage(draft: Draft): Usage {
  const yearly = draft.mileage.filter((entry) => entry.period === "year" && entry.trips !== true).map((entry) => entry.mil);
  const perYear = { day: draft.commute ? WORKING_DAYS : 365, week: 52, month: 12, year: 1 } as const;
  // A yearly figure is the buyer's own total; daily, weekly and monthly figures add up to one.
  const stated = yearly.length > 0 ? Math.max(...yearly) : draft.mileage.reduce((sum, entry) => sum + entry.mil * perYear[entry.period], 0);
  const milPerYear = draft.mileage.length > 0 ? Math.min(20_000, Math.max(50, Math.round(stated))) : DEFAULT_MIL_PER_YEAR;

  const pick = (ages: readonly { age: number }[]) => (ages.length > 0 ? Math.min(...ages.map((entry) => entry.age)) : undefined);
  // The youngest stated driver decides the insurance; a new driver with no age stated gets none, never a made-up 18.
  const driverAge = pick(draft.ages.filter((entry) => entry.driving)) ?? pick(draft.ages.filter((entry) => entry.self)) ?? pick(draft.ages);
  const area = (draft.areas.find((entry) => entry.home) ?? draft.areas[0])?.area;
  return {
    milPerYear,
    milPerYearStated: draft.mileage.length > 0,
    northern: draft.northern,
    winterNeeds: draft.northern || (draft.winter && !draft.mildWinter),
    ...(driverAge === undefined ? {} : { driverAge }),
    ...(area === undefined ? {} : { area }),
  };
}

const MILEAGE_NOTE = { cap: "Högsta körsträcka", occasional: "Körsträcka vissa dagar" } as const;

export function notedMileage(draft: Draft): NotedItem[] {
  return draft.mileageNotes
    .filter((note) => note.quote.length >= 3)
    .map((note) => ({ text: `${MILEAGE_NOTE[note.value]}: ${note.quote} (räknas inte om till mil per år)`, quote: note.quote, steers: false }));
}
