import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import { z } from "zod";
import { ModelReadingSchema, READING_SCHEMA_NAME } from "#app/server/advice/reading/model-reading.server";
import { strictResponseFormat } from "./openai-wire-schema.server";

/**
 * What the model may answer, as zod schemas sent as strict JSON schemas (structured output) and
 * checked again on our side: only OpenAI's strict subset of each goes on the wire (string lengths do
 * not), and an OpenAI-compatible server may enforce none. Every string the model writes has a `.max()`, so one answer can never
 * put an unbounded text on a page or in the database, and every limit below fits inside
 * the call's `max_completion_tokens` (see `DEFAULT_MAX_COMPLETION_TOKENS` in the engine).
 */

/** Schema names, which is also how the fake upstream tells the calls apart. */
const SHORTLIST_SCHEMA_NAME = "advice_shortlist";
const CAR_TEXTS_SCHEMA_NAME = "advice_car_texts";

/** Characters, not words: what the page and the database actually have to hold. */
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

/**
 * Phase 1: `count` picks in rank order, each one of the candidate ids we sent (an enum, so a model
 * that honours the schema cannot name a car outside the candidates) with the model's overall fit
 * for this buyer and a one-line tagline. Ratings and every number come from the facts instead.
 */
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

/**
 * The shape we can work with even when single picks are wrong: a model that ignores the enum (or
 * a server that does not enforce it) still gives us a list we can filter, instead of a repair
 * round trip on the critical path. Anything that is not even this is repaired once.
 */
export const ShortlistEnvelopeSchema = z.object({ picks: z.array(z.unknown()) });

/** Phase 2: the prose for one car, in the field names of `CarTexts` (the tagline came in phase 1). */
export const CarTextsAnswerSchema = z.object({
  whyItFits: text(TEXT_LIMITS.whyItFits),
  deepDive: text(TEXT_LIMITS.deepDive),
  commonFlaws: text(TEXT_LIMITS.commonFlaws),
  pros: z.array(text(TEXT_LIMITS.listItem)).min(TEXT_LIMITS.listItems.min).max(TEXT_LIMITS.listItems.max),
  cons: z.array(text(TEXT_LIMITS.listItem)).min(TEXT_LIMITS.listItems.min).max(TEXT_LIMITS.listItems.max),
});
export type CarTextsAnswer = z.infer<typeof CarTextsAnswerSchema>;

/** What goes on the wire: the strict subset of each schema (openai-wire-schema.server.ts). */
export function shortlistFormat(ids: readonly string[], count: number): ResponseFormat {
  return strictResponseFormat(shortlistSchema(ids, count), SHORTLIST_SCHEMA_NAME);
}

export const CAR_TEXTS_FORMAT: ResponseFormat = strictResponseFormat(CarTextsAnswerSchema, CAR_TEXTS_SCHEMA_NAME);

export type ResponseFormat = ResponseFormatJSONSchema;

/** The model's reading of the wish (app/server/advice/reading/model-reading.server.ts). */
export const READING_FORMAT: ResponseFormat = strictResponseFormat(ModelReadingSchema, READING_SCHEMA_NAME);

export type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: string };

/** JSON text → schema, with issues worded so they can be sent back to the model in a repair turn. */
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

/** Why one shortlist entry cannot be used as is. */
export type PickProblem = "not-json" | "unknown-id" | "duplicate";

/**
 * One streamed shortlist entry, judged on its own. Only the id decides whether the pick is usable:
 * an unknown or repeated id is dropped (the shared ranking fills the gap), while a bad overall or
 * tagline on a real candidate is replaced (`null` here) rather than costing the car its place.
 */
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
