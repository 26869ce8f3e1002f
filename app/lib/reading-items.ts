import { z } from "zod";
import { ReadingFieldSchema } from "./requirements";

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

/** Where a row stands: said by the buyer, uncertain (the readers disagreed), assumed by us, or corrected. */
export const ReadingItemStatusSchema = z.enum(["said", "uncertain", "assumed", "buyer"]);
export type ReadingItemStatus = z.infer<typeof ReadingItemStatusSchema>;

/**
 * Requirements (never broken), what the buyer should check (uncertain or assumed rows, whatever
 * kind: never listed as "Krav"), driving and situation, soft wishes.
 */
export const ReadingGroupSchema = z.enum(["krav", "kontrollera", "korning", "onskemal"]);
export type ReadingGroup = z.infer<typeof ReadingGroupSchema>;

export const ReadingEditSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("number"),
    /** The input's name (`andra.<field>`). */
    name: z.string(),
    label: z.string(),
    unit: z.string(),
    value: z.number().nullable(),
    min: z.number(),
    max: z.number(),
  }),
  z.object({
    kind: z.literal("choice"),
    name: z.string(),
    label: z.string(),
    value: z.string().nullable(),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
]);
export type ReadingEdit = z.infer<typeof ReadingEditSchema>;

export const ReadingRowSchema = z.object({
  /** Unique in the reading; the value of `ta-bort` that removes this row. */
  id: z.string(),
  field: ReadingFieldSchema,
  group: ReadingGroupSchema,
  /** Swedish, as the buyer reads it ("Minst 7 säten"). */
  text: z.string(),
  status: ReadingItemStatusSchema,
  /** The buyer's words it rests on, when we know them. */
  quote: z.string().nullable(),
  edit: ReadingEditSchema.nullable(),
  /** False for a row with nothing to remove (an uncertain field left unset). */
  removable: z.boolean(),
});
export type ReadingRow = z.infer<typeof ReadingRowSchema>;

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
