import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import { z } from "zod";
import { ModelReadingSchema, READING_SCHEMA_NAME } from "#app/server/reading/model-reading.server";
import { strictResponseFormat } from "./openai-wire-schema.server";

// Every model-written string has a .max() checked here too: the strict wire subset carries no lengths and a compatible server may enforce nothing.

/** Schema names, which is also how the fake upstream tells the calls apart. */
const SHORTLIST_SCHEMA_NAME = "advice_shortlist";
const CAR_TEXTS_SCHEMA_NAME = "advice_car_texts";

export const TEXT_LIMITS = {
  tagline: { min: 8, max: 100 },
  whyItFits: { min: 40, max: 700 },
  deepDive: { min: 200, max: 1600 },
  commonFlaws: { min: 40, max: 700 },
  listItem: { min: 8, max: 180 },
  listItems: { min: 2, max: 5 },
} as const;

const text = (limits: { min: number; max: number }) => z.string().min(limits.min).max(limits.max);

export const OverallSchema = z.number().int().min(0).max(100);
export const TaglineSchema = text(TEXT_LIMITS.tagline);

export function shortlistSchema(ids: readonly string[], count: number) {
  if (ids.length === 0) throw new Error("shortlistSchema needs at least one candidate id");
  return z.object({
    picks: z
      .array(
        z.object({
          id: z.enum(ids as [string, ...string[]]),
          overall: OverallSchema,
          tagline: TaglineSchema,
        }),
      )
      .min(1)
      .max(count),
  });
}

/** Lenient envelope: a list with bad picks is filtered rather than costing a repair round trip. */
export const ShortlistEnvelopeSchema = z.object({ picks: z.array(z.unknown()) });

export const CarTextsAnswerSchema = z.object({
  whyItFits: text(TEXT_LIMITS.whyItFits),
  deepDive: text(TEXT_LIMITS.deepDive),
  commonFlaws: text(TEXT_LIMITS.commonFlaws),
  pros: z.array(text(TEXT_LIMITS.listItem)).min(TEXT_LIMITS.listItems.min).max(TEXT_LIMITS.listItems.max),
  cons: z.array(text(TEXT_LIMITS.listItem)).min(TEXT_LIMITS.listItems.min).max(TEXT_LIMITS.listItems.max),
});
export type CarTextsAnswer = z.infer<typeof CarTextsAnswerSchema>;

export function shortlistFormat(ids: readonly string[], count: number): ResponseFormat {
  return strictResponseFormat(shortlistSchema(ids, count), SHORTLIST_SCHEMA_NAME);
}

export const CAR_TEXTS_FORMAT: ResponseFormat = strictResponseFormat(CarTextsAnswerSchema, CAR_TEXTS_SCHEMA_NAME);

export type ResponseFormat = ResponseFormatJSONSchema;

export const READING_FORMAT: ResponseFormat = strictResponseFormat(ModelReadingSchema, READING_SCHEMA_NAME);

export type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: string };

export function parseAnswer<T>(schema: z.ZodType<T>, content: string): ParseResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, issues: `ogiltig JSON (${error instanceof Error ? error.message : "okänt fel"})` };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: z.prettifyError(result.error) };
}

export type PickProblem = "not-json" | "unknown-id" | "duplicate";

/** Only the id decides; a bad overall or tagline on a real candidate becomes null instead of costing its place. */
export function readPick(
  raw: string,
  ids: ReadonlySet<string>,
  taken: ReadonlySet<string>,
): { ok: true; id: string; overall: number | null; tagline: string | null } | { ok: false; problem: PickProblem; id?: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, problem: "not-json" };
  }
  const entry = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const id = typeof entry.id === "string" ? entry.id : undefined;
  if (id === undefined || !ids.has(id)) return { ok: false, problem: "unknown-id", ...(id !== undefined ? { id } : {}) };
  if (taken.has(id)) return { ok: false, problem: "duplicate", id };
  const overall = OverallSchema.safeParse(entry.overall);
  const tagline = TaglineSchema.safeParse(typeof entry.tagline === "string" ? entry.tagline.trim() : entry.tagline);
  return { ok: true, id, overall: overall.success ? overall.data : null, tagline: tagline.success ? tagline.data : null };
}
