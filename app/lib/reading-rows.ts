import { z } from "zod";
import { ReadingFieldSchema } from "./requirements";

// Apart from the constants, so the browser (types and labels only) ships no schema.

/** "uncertain": the readers disagreed; "buyer": corrected by the buyer. */
const ReadingItemStatusSchema = z.enum(["said", "uncertain", "assumed", "buyer"]);
export type ReadingItemStatus = z.infer<typeof ReadingItemStatusSchema>;

/** Uncertain or assumed rows go to "kontrollera" whatever their kind: never listed as "Krav". */
const ReadingGroupSchema = z.enum(["krav", "kontrollera", "korning", "onskemal"]);
export type ReadingGroup = z.infer<typeof ReadingGroupSchema>;

const ReadingEditSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("number"),
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
  /** The value of `ta-bort` that removes this row. */
  id: z.string(),
  field: ReadingFieldSchema,
  group: ReadingGroupSchema,
  text: z.string(),
  status: ReadingItemStatusSchema,
  quote: z.string().nullable(),
  edit: ReadingEditSchema.nullable(),
  /** False for an uncertain field left unset: nothing to remove. */
  removable: z.boolean(),
  /** "soften": the requirement may become a wish; "harden": the wish a requirement; "hard-only": a requirement with no wish to become. */
  move: z.enum(["soften", "harden", "hard-only"]).nullable(),
});
export type ReadingRow = z.infer<typeof ReadingRowSchema>;

const ReadingAdditionSchema = z.object({
  value: z.string(),
  label: z.string(),
  group: z.string(),
  needs: z.enum(["number", "make"]).nullable(),
  /** What it may be added as; empty for facts about the buyer's driving, which are neither. */
  kinds: z.array(z.enum(["krav", "onskemal"])),
});
export type ReadingAddition = z.infer<typeof ReadingAdditionSchema>;
