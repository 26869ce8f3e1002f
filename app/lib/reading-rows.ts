import { z } from "zod";
import { ReadingFieldSchema } from "./requirements";

/**
 * The shapes of the reading's rows (app/lib/reading-items.ts says what they are for). Apart from
 * the constants so the browser, which only needs the types and labels, ships no schema.
 */

/** Where a row stands: said by the buyer, uncertain (the readers disagreed), assumed by us, or corrected. */
const ReadingItemStatusSchema = z.enum(["said", "uncertain", "assumed", "buyer"]);
export type ReadingItemStatus = z.infer<typeof ReadingItemStatusSchema>;

/**
 * Requirements (never broken), what the buyer should check (uncertain or assumed rows, whatever
 * kind: never listed as "Krav"), driving and situation, soft wishes.
 */
const ReadingGroupSchema = z.enum(["krav", "kontrollera", "korning", "onskemal"]);
export type ReadingGroup = z.infer<typeof ReadingGroupSchema>;

const ReadingEditSchema = z.discriminatedUnion("kind", [
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

const ReadingRowSchema = z.object({
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

