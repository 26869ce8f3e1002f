import { z } from "zod";
import { ReadingFieldSchema } from "./requirements";

/** Per field its final value, or null to remove it; stored with each version, so the next one starts from them all. */
export const ReadingCorrectionsSchema = z.partialRecord(
  ReadingFieldSchema,
  z.union([z.string().max(40), z.number(), z.boolean(), z.array(z.string().max(40)).max(60), z.null()]),
);
export type ReadingCorrections = z.infer<typeof ReadingCorrectionsSchema>;

export function storedCorrections(value: unknown): ReadingCorrections | null {
  const parsed = ReadingCorrectionsSchema.safeParse(value);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

/** The earlier versions' corrections with this one's on top: a field corrected again takes its newest value. */
export function accumulateCorrections(earlier: ReadingCorrections | null, now: ReadingCorrections): ReadingCorrections {
  return { ...(earlier ?? {}), ...now };
}
