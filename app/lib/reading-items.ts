import type { ReadingGroup, ReadingItemStatus, ReadingRow } from "./reading-rows";

export type { ReadingEdit, ReadingGroup, ReadingItemStatus, ReadingRow } from "./reading-rows";

/**
 * The reading as the buyer checks and corrects it ("Så tolkade vi dig"): one row per thing we
 * understood, with how sure we are and how it can be changed. Built on the server from
 * `BuyerRequirements` (reading-items.server.ts); the create form's live preview receives it as
 * JSON and the "Ändra tolkningen" page renders it as a plain form.
 *
 * The form encoding is the same in both places, so one parser reads both posts:
 *   `andra.<field>`  the new value of a number or choice row (empty: no value);
 *   `ta-bort`        the id of a removed row (repeatable): `<field>` or `<field>:<value>` for one
 *                    value of a list ("allowedFuels:diesel").
 */

export const CHANGE_PREFIX = "andra.";
export const REMOVE_FIELD = "ta-bort";

/** The live preview's answer. */
export type ReadingPreview = {
  rows: ReadingRow[];
  /** Why this wish cannot be searched as it stands (nonsense, a contradiction, no car fits), in Swedish. */
  notice: { kind: "unclear" | "no-match"; message: string } | null;
};

export const GROUP_LABELS: Record<ReadingGroup, string> = {
  krav: "Krav",
  kontrollera: "Kontrollera: osäkert eller antaget",
  korning: "Körning och läge",
  onskemal: "Önskemål",
};

/** A row's mark on the page: never "Krav" for what the buyer did not say for sure. */
export const STATUS_LABELS: Record<ReadingItemStatus, string | null> = {
  said: null,
  uncertain: "osäker",
  assumed: "vi antog",
  buyer: "ändrat av dig",
};
