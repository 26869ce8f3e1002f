import { z } from "zod";
import { ReadingFieldSchema } from "./requirements";

/**
 * The buyer's corrections of a reading: per field its final value, or null to remove it. Stored with
 * every version of a search, so the next correction starts from all the earlier ones.
 */
export const ReadingCorrectionsSchema = z.partialRecord(
  ReadingFieldSchema,
  z.union([z.string().max(40), z.number(), z.boolean(), z.array(z.string().max(40)).max(60), z.null()]),
);
export type ReadingCorrections = z.infer<typeof ReadingCorrectionsSchema>;

/** A stored value that no longer parses reads as no corrections: the readers' reading stands. */
export function storedCorrections(value: unknown): ReadingCorrections | null {
  const parsed = ReadingCorrectionsSchema.safeParse(value);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

/** The earlier versions' corrections with this one's on top: a field corrected again takes its newest value. */
export function accumulateCorrections(earlier: ReadingCorrections | null, now: ReadingCorrections): ReadingCorrections {
  return { ...(earlier ?? {}), ...now };
}
