import { z } from "zod";
import { type Candidate, listKeyOf, pickDiverse } from "#app/server/advice/candidates.server";
import type { AdviceEngine, AdviceOptions, AdviceRequest, CarTexts, EnginePick, RankedPick } from "#app/server/advice/contracts.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { endsModelUse, UpstreamResponseError } from "#app/server/upstream-errors.server";
import { dropInventedAmounts } from "./amount-guard.server";
import { createSlots } from "#app/server/http/connection-slots.server";
import { createArrayItemScanner } from "./json-array-scanner.server";
import { buildDetailsMessages, buildShortlistMessages } from "./openai-prompts.server";
import {
  CAR_TEXTS_FORMAT,
  CarTextsAnswerSchema,
  type CarTextsAnswer,
  parseAnswer,
  readPick,
  ShortlistEnvelopeSchema,
  shortlistFormat,
} from "./openai-schemas.server";
import { createModelCheck } from "./openai-model-check.server";
import { REASONING_EFFORTS } from "#app/server/env.server";
import { reasoningAllowance } from "./openai-reasoning.server";
import { type CallContext, createTransport, type ModelCall, type Transport, UPSTREAM, withRepairTurn } from "./openai-transport.server";

// Design and failure policy: docs/decisions/006-grounded-openai-engine.md.

/** How many candidates the shortlist sees: enough choice for ten, little enough to stay cheap. */
export const SHORTLIST_CANDIDATES = 20;

/** Sized so the longest answer the schemas allow fits: ten picks ≈ 600 tokens, one car's texts ≈ 1 400. */
export const DEFAULT_MAX_COMPLETION_TOKENS = { shortlist: 1_200, details: 1_800 } as const;

/** Workers allow six connections waiting for headers per request; five leaves one for KV and Blocket. */
export const DEFAULT_CONCURRENCY = 5;

export const DEFAULT_MAX_ATTEMPTS_PER_CREATE = 16;

export const OpenAIEngineConfigSchema = z.object({
  apiKey: z.string().min(1),
  baseUrl: z.url(),
  model: z.string().min(1),
  reasoningEffort: z.enum(REASONING_EFFORTS).optional(),
  checkModel: z.boolean().default(true),
  timeoutMs: z.number().int().positive(),
  concurrency: z.number().int().min(1).max(16).default(DEFAULT_CONCURRENCY),
  /** "headers": what Workers count toward the six since 2026-04-09; "whole-call": hosts that count whole connections. */
  connectionRule: z.enum(["headers", "whole-call"]).default("headers"),
  maxRetryWaitMs: z.number().int().nonnegative().default(10_000),
  retryDelayMs: z.number().int().nonnegative().default(1_000),
  maxCompletionTokens: z
    .object({
      shortlist: z.number().int().min(16).max(32_000).default(DEFAULT_MAX_COMPLETION_TOKENS.shortlist),
      details: z.number().int().min(16).max(32_000).default(DEFAULT_MAX_COMPLETION_TOKENS.details),
    })
    .default(DEFAULT_MAX_COMPLETION_TOKENS),
  /** Spend ceiling: a create could otherwise make ~33 paid calls; past it, texts come from the offline writer. */
  maxAttemptsPerCreate: z.number().int().min(2).max(40).default(DEFAULT_MAX_ATTEMPTS_PER_CREATE),
  fetch: z.custom<typeof fetch>((value) => typeof value === "function").optional(),
  log: z.custom<(message: string, detail?: unknown) => void>((value) => typeof value === "function").optional(),
});
export type OpenAIEngineConfig = z.input<typeof OpenAIEngineConfigSchema>;
type Config = z.output<typeof OpenAIEngineConfigSchema>;

export function fillOrder(candidates: readonly Candidate[], taken: ReadonlySet<string>, namedModels: readonly string[] = []): Candidate[] {
  const named = new Set(namedModels);
  const keys = new Set(candidates.filter((candidate) => taken.has(candidate.variant.id)).map((candidate) => listKeyOf(candidate.variant, named)));
  const fresh: Candidate[] = [];
  for (const candidate of candidates) {
    if (taken.has(candidate.variant.id)) continue;
    const key = listKeyOf(candidate.variant, named);
    if (keys.has(key)) continue;
    keys.add(key);
    fresh.push(candidate);
  }
  return fresh;
}

function tidy(answer: CarTextsAnswer): Omit<CarTexts, "tagline"> {
  const list = (items: string[]) => items.map((item) => item.trim()).filter((item) => item.length > 0);
  return {
    whyItFits: answer.whyItFits.trim(),
    deepDive: answer.deepDive.trim(),
    commonFlaws: answer.commonFlaws.trim(),
    pros: list(answer.pros),
    cons: list(answer.cons),
  };
}

async function advise(config: Config, transport: Transport, request: AdviceRequest, options: AdviceOptions = {}): Promise<EnginePick[]> {
  const { requirements, sellerType, candidates } = request;
  const log = config.log ?? ((message: string, detail?: unknown) => console.warn(message, detail ?? ""));
  const target = Math.min(request.count, candidates.length);
  if (target <= 0) return [];
  const sent = pickDiverse(candidates, SHORTLIST_CANDIDATES, requirements.namedModels);
  const sentIds = new Set(sent.map((candidate) => candidate.variant.id));
  const byId = new Map(candidates.map((candidate) => [candidate.variant.id, candidate]));
  const wanted = Math.min(target, sent.length);

  const controller = new AbortController();
  let firstError: unknown;
  const fail = (error: unknown) => {
    firstError ??= error;
    // Stop every call still in flight or queued: no half results, no tokens paid for nothing.
    controller.abort(error);
  };
  const onCallerAbort = () => fail(options.signal?.reason);
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const context: CallContext = {
    signal: controller.signal,
    slots: options.slots ?? createSlots(config.concurrency),
    attempts: options.attempts ?? { used: 0, max: config.maxAttemptsPerCreate },
  };

  const picks: Promise<EnginePick>[] = [];
  const ranking: RankedPick[] = [];
  const taken = new Set<string>();
  let done = 0;

  const writeTexts = async (candidate: Candidate, rank: number, tagline: string | null): Promise<CarTexts> => {
    const local = () => writeLocally(candidate, requirements);
    try {
      const placing = { rank, total: target, tagline: tagline ?? local().tagline };
      const call: ModelCall = {
        format: CAR_TEXTS_FORMAT,
        messages: buildDetailsMessages(requirements, sellerType, candidate, placing),
        maxCompletionTokens: config.maxCompletionTokens.details + reasoningAllowance(config.model, config.reasoningEffort),
      };
      const answer = await transport.completeStructured(CarTextsAnswerSchema, call, context);
      const grounded = dropInventedAmounts({ tagline: placing.tagline, ...tidy(answer) }, candidate, requirements);
      if (grounded.dropped.length > 0)
        log("OpenAI engine: dropped sentences with amounts we did not compute", { variantId: candidate.variant.id, dropped: grounded.dropped });
      return grounded.texts;
    } catch (error) {
      // The request is failing as a whole (shortlist error, caller gone): let that error through.
      if (controller.signal.aborted) throw error;
      // No other car's call could fare better (no quota, no model, settings that leave no room): the request fails as a whole.
      if (endsModelUse(error)) {
        fail(error);
        throw error;
      }
      log("OpenAI engine: car texts failed, written from the facts instead", { variantId: candidate.variant.id, error });
      const texts = { ...local(), writtenBy: "facts" as const };
      return tagline === null ? texts : { ...texts, tagline };
    }
  };

  const choose = (candidate: Candidate, overall: number, tagline: string | null) => {
    if (picks.length >= target || taken.has(candidate.variant.id)) return;
    taken.add(candidate.variant.id);
    ranking.push({ variantId: candidate.variant.id, overall, tagline });
    const rank = picks.length + 1;
    const pick = writeTexts(candidate, rank, tagline).then((texts) => {
      const result: EnginePick = { variantId: candidate.variant.id, overall, texts };
      done += 1;
      options.onCar?.(result, { done, total: target });
      return result;
    });
    // Awaited below; until then a rejection must not count as unhandled.
    pick.catch(() => {});
    picks.push(pick);
  };

  const dropped = { unknownId: 0, duplicate: 0 };
  const consider = (raw: string) => {
    if (picks.length >= wanted) return;
    const read = readPick(raw, sentIds, taken);
    if (!read.ok) {
      if (read.problem === "duplicate") dropped.duplicate += 1;
      else dropped.unknownId += 1;
      return;
    }
    const candidate = byId.get(read.id);
    if (candidate) choose(candidate, read.overall ?? Math.round(candidate.overall), read.tagline);
  };

  try {
    const shortlist: ModelCall = {
      format: shortlistFormat([...sentIds], wanted),
      messages: buildShortlistMessages(requirements, sellerType, sent, wanted),
      maxCompletionTokens: config.maxCompletionTokens.shortlist + reasoningAllowance(config.model, config.reasoningEffort),
    };
    const answer = await transport.chat(shortlist, context, () => {
      const scan = createArrayItemScanner();
      return (soFar) => {
        for (const item of scan(soFar)) consider(item);
        return picks.length >= wanted ? "stop" : "continue";
      };
    });

    if (picks.length < wanted) {
      const whole = parseAnswer(ShortlistEnvelopeSchema, answer.content);
      // Bad entries are filled from the ranking; only an unreadable or candidate-less answer earns a repair.
      if (!whole.ok || picks.length === 0) {
        const issues = whole.ok ? `inget av valen hade ett id ur kandidaterna (${[...sentIds].slice(0, 3).join(", ")} …)` : whole.issues;
        const repaired = await transport.chat(withRepairTurn(shortlist, answer, issues, shortlist.maxCompletionTokens), context);
        const second = parseAnswer(ShortlistEnvelopeSchema, repaired.content);
        if (second.ok) for (const item of second.data.picks) consider(JSON.stringify(item));
        if (!second.ok || picks.length === 0) {
          throw new UpstreamResponseError({
            upstream: UPSTREAM,
            message: `OpenAI's ${shortlist.format.json_schema.name} was unusable after one repair attempt`,
            detail: second.ok ? "no pick named a candidate" : `${repaired.truncated ? "cut off at max_completion_tokens; " : ""}${second.issues}`,
          });
        }
      }
    }
    if (dropped.unknownId + dropped.duplicate > 0 || picks.length < target) {
      log("OpenAI engine: shortlist incomplete, filled from the shared ranking", { ...dropped, picked: picks.length, target });
    }
    for (const candidate of fillOrder(candidates, taken, requirements.namedModels)) {
      if (picks.length >= target) break;
      choose(candidate, Math.round(candidate.overall), null);
    }
    options.onRanked?.(ranking);

    const result = await Promise.all(picks);
    if (firstError !== undefined) throw firstError;
    return result;
  } catch (error) {
    fail(error);
    // A sibling's failure or the caller's abort stopped this call; report the cause, not the abort.
    throw firstError;
  } finally {
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

export function createOpenAIAdviceEngine(input: OpenAIEngineConfig): AdviceEngine {
  const config = OpenAIEngineConfigSchema.parse(input);
  const modelCheck = createModelCheck({ apiKey: config.apiKey, baseUrl: config.baseUrl, model: config.model, fetch: config.fetch });
  const transport = createTransport({ ...config, onModelUnavailable: modelCheck.markUnavailable });
  return {
    source: "openai",
    advise: (request, options) => advise(config, transport, request, options),
    ...(config.checkModel ? { preflight: modelCheck.check } : {}),
  };
}
