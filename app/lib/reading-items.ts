import type { ReadingGroup, ReadingItemStatus, ReadingRow } from "./reading-rows";
import type { NotedItem } from "./requirements";

export type { ReadingAddition, ReadingEdit, ReadingGroup, ReadingItemStatus, ReadingRow } from "./reading-rows";

/**
 * One form encoding for the live preview and the "Ändra tolkningen" page, so one parser reads both:
 * `andra.<field>` a row's new value (empty: none); `ta-bort` a removed row's id, `<field>[:<value>]`.
 */

export const CHANGE_PREFIX = "andra.";
export const REMOVE_FIELD = "ta-bort";
export const MOVE_FIELD = "flytta";
/** A need the readers missed: what (a field, or `<field>:<value>`), its number or make, and "krav" or "onskemal". */
export const ADD_WHAT = "ny.vad";
export const ADD_VALUE = "ny.varde";
export const ADD_KIND = "ny.typ";

export type NotedView = NotedItem & { weighed?: boolean };

export type ReadingPreview = {
  rows: ReadingRow[];
  noted: NotedView[];
  /** Why this wish cannot be searched as it stands, in Swedish. */
  notice: { kind: "unclear" | "no-match"; message: string } | null;
};

export const GROUP_LABELS: Record<ReadingGroup, string> = {
  krav: "Krav",
  kontrollera: "Kontrollera: osäkert eller antaget",
  korning: "Körning och läge",
  onskemal: "Önskemål",
};

/** Never "Krav" for what the buyer did not say for sure. */
export const STATUS_LABELS: Record<ReadingItemStatus, string | null> = {
  said: null,
  uncertain: "osäker",
  assumed: "vi antog",
  buyer: "ändrat av dig",
};
