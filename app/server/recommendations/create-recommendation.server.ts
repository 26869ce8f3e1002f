import type { CarSuggestion } from "#app/lib/recommendation";
import type { AvailabilityUnknownReason } from "#app/lib/marketplace";
import { type JobFailureCode, jobFailureMessage } from "#app/lib/creation-job";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { RecommendationResult, RecommendedCar, StoredAvailability } from "#app/lib/saved-recommendation";
import { type SearchInput, SearchInputSchema } from "#app/lib/search-form";
import { type AdviceConfig, type PreparedAdvice, prepareAdvice, runAdvice } from "#app/server/advice/advise.server";
import type { AdviceEngine } from "#app/server/advice/contracts.server";
import { createRecommendationForUser, type NewRecommendation, newRecommendationId } from "#app/server/db/recommendations.server";
import type { RateLimitDecision } from "#app/server/rate-limit/rate-limiter.server";
import type { RateLimitName } from "#app/server/rate-limit/rate-limit.server";
import { checkSpendLimits, type SpendLimitClient, type SpendRefund } from "#app/server/rate-limit/spend-limits.server";
import { rankByFinalScore, scoreBreakdown } from "#app/server/scoring/score.server";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";

/** How many suggestions the AI step is asked for. */
export const SUGGESTION_COUNT = 10;

export type FieldErrors = Partial<Record<keyof SearchInput, string>>;

export type CreateRecommendationResult =
  | { status: "created"; id: string }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "rate-limited"; retryAfterSeconds: number; message: string }
  /** Nothing in the catalogue meets the hard requirements: said before any AI quota is spent. */
  | { status: "no-match"; message: string }
  | {
      status: "ai-failed";
      reason: "busy" | "timeout" | "invalid-answer" | "unavailable" | "quota";
      message: string;
      retryAfterSeconds?: number;
    }
  | { status: "save-failed"; message: string };

/** What the durable create answers at once: the work has started under `id`, or why it did not. */
export type StartRecommendationResult =
  | { status: "started"; id: string }
  | Exclude<CreateRecommendationResult, { status: "created" } | { status: "ai-failed" }>;

/** Everything a creation job needs to do the work later, in another invocation. */
export type CreationJobSpec = {
  id: string;
  userId: string;
  input: SearchInput;
  /** Who the marketplace limit and logs attribute it to; the spend limits were charged at start. */
  clientAddress?: string;
  /** The daily budget's slot, given back when the job fails before its first model call. */
  globalRefund?: SpendRefund;
};

/** What the flow needs from the marketplace: one car's availability, never throwing. */
export type CheckAvailability = (car: CarSuggestion, input: SearchInput) => Promise<StoredAvailability>;

export type CreateRecommendationDeps = {
  engine: AdviceEngine;
  advice: AdviceConfig;
  checkAvailability: CheckAvailability;
  /** "Unknown" for a car the flow could not look up (our own limit, an unexpected error). */
  unknownAvailability: (car: CarSuggestion, input: SearchInput, reason: AvailabilityUnknownReason) => StoredAvailability;
  /** The marketplace limit (per user). */
  rateLimit: (name: RateLimitName, cost: number) => Promise<RateLimitDecision>;
  /** Who the per-address spend limits count (CF-Connecting-IP); unknown shares one strict bucket. */
  clientAddress?: string;
  /** Where the spend limits live; the RateLimiter Durable Objects unless a test passes its own. */
  spendLimits?: SpendLimitClient;
  save: (userId: string, recommendation: NewRecommendation) => Promise<{ id: string }>;
};

type Checked =
  | { status: "ready"; input: SearchInput; prepared: PreparedAdvice; globalRefund: SpendRefund | null }
  | Exclude<CreateRecommendationResult, { status: "created" } | { status: "ai-failed" } | { status: "save-failed" }>;

/**
 * Everything that is answered before any work starts: the form, the requirements (unclear or
 * impossible wishes), then the spend limits, cheapest refusal first.
 */
async function checkCreate(
  userId: string,
  rawInput: unknown,
  deps: Pick<CreateRecommendationDeps, "engine" | "advice" | "clientAddress" | "spendLimits">,
): Promise<Checked> {
  const parsed = SearchInputSchema.safeParse(rawInput);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SearchInput | undefined;
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { status: "invalid", fieldErrors };
  }
  const input = parsed.data;

  // Requirements, enforcement and numbers first: an unclear or impossible wish is answered here,
  // before the AI limit or the AI itself is spent on it.
  const preparation = prepareAdvice(input, SUGGESTION_COUNT, deps.advice);
  if (preparation.status === "unclear") return { status: "invalid", fieldErrors: { description: preparation.message } };
  if (preparation.status === "no-match") return { status: "no-match", message: preparation.message };

  // Every spend limit checked before any is charged (app/server/rate-limit/spend-limits.server.ts).
  const spend = await checkSpendLimits({ userId, clientAddress: deps.clientAddress, source: deps.engine.source }, deps.spendLimits);
  if (!spend.allowed) return { status: "rate-limited", retryAfterSeconds: spend.retryAfterSeconds, message: spend.message };
  return { status: "ready", input, prepared: preparation.prepared, globalRefund: spend.globalRefund };
}

/**
 * One availability lookup per car, charged to the marketplace limit once for the whole batch (all
 * run, or none and availability is unknown). Never rejects.
 */
export async function availabilityChecker(
  deps: Pick<CreateRecommendationDeps, "rateLimit" | "checkAvailability" | "unknownAvailability">,
  input: SearchInput,
  cars: number,
): Promise<(car: CarSuggestion) => Promise<StoredAvailability>> {
  const decision = await deps.rateLimit("marketplace", cars);
  return (car) =>
    decision.allowed
      ? deps.checkAvailability(car, input).catch((error: unknown): StoredAvailability => {
          console.error("Marketplace lookup failed unexpectedly:", error);
          return deps.unknownAvailability(car, input, "error");
        })
      : Promise.resolve(deps.unknownAvailability(car, input, "rate-limited"));
}

/** Scores every car with its availability and ranks by the final score; the document that is saved. */
export function scoredResult(
  prepared: PreparedAdvice,
  source: AdviceEngine["source"],
  suggestions: readonly CarSuggestion[],
  availabilities: readonly StoredAvailability[],
  unknown: (car: CarSuggestion) => StoredAvailability,
): RecommendationResult {
  const scored: RecommendedCar[] = suggestions.map((car, index) => {
    const availability = availabilities[index] ?? unknown(car);
    const score = scoreBreakdown(car.ratings.overall, availability.status === "known" ? availability.adCount : null);
    return { ...car, ratings: { ...car.ratings, finalScore: score.finalScore }, availability, score };
  });
  return {
    source,
    cars: rankByFinalScore(scored),
    assumptions: prepared.assumptions,
    ...(prepared.shortfall ? { shortfall: prepared.shortfall.message } : {}),
  };
}

const SAVE_FAILED = "Vi kunde inte spara din rekommendation just nu. Inget har sparats – försök igen om en stund.";

/**
 * validate → rate limit → AI (10 suggestions) → marketplace for every suggestion in parallel →
 * score → save once, locked → the new id, all in one call. Nothing is written unless every earlier
 * step worked; a failed marketplace lookup only makes that car's availability "unknown" (score 0).
 * The page starts the same work durably instead (`startRecommendation`); this is its whole-call
 * form, used where waiting is fine (scripts, tests of the pipeline and its faults).
 */
export async function createRecommendation(
  userId: string,
  rawInput: unknown,
  deps: CreateRecommendationDeps,
): Promise<CreateRecommendationResult> {
  const checked = await checkCreate(userId, rawInput, deps);
  if (checked.status !== "ready") return checked;
  const { input, prepared } = checked;

  let suggestions: CarSuggestion[];
  try {
    suggestions = await runAdvice(prepared, input, deps.engine, SUGGESTION_COUNT);
  } catch (error) {
    return aiFailure(error);
  }
  if (suggestions.length === 0) return { status: "ai-failed", reason: "invalid-answer", message: jobFailureMessage("invalid-answer") };

  const check = await availabilityChecker(deps, input, suggestions.length);
  const availabilities = await Promise.all(suggestions.map(check));
  try {
    const { id } = await deps.save(userId, {
      input,
      requirements: prepared.requirements,
      recommendation: scoredResult(prepared, deps.engine.source, suggestions, availabilities, (car) => deps.unknownAvailability(car, input, "error")),
    });
    return { status: "created", id };
  } catch (error) {
    console.error("Saving a recommendation failed:", error);
    return { status: "save-failed", message: SAVE_FAILED };
  }
}

/**
 * The page's create: the same checks and spend limits, then the work is handed to a durable job
 * (`deps.startJob`, a CreationJob Durable Object in production) under a reserved id, and the buyer
 * is sent to that id at once. Nothing counts as saved until the job saves the complete result.
 */
export async function startRecommendation(
  userId: string,
  rawInput: unknown,
  deps: Pick<CreateRecommendationDeps, "engine" | "advice" | "clientAddress" | "spendLimits"> & {
    startJob: (spec: CreationJobSpec, requirements: BuyerRequirements) => Promise<void>;
  },
): Promise<StartRecommendationResult> {
  const checked = await checkCreate(userId, rawInput, deps);
  if (checked.status !== "ready") return checked;
  const id = newRecommendationId();
  try {
    await deps.startJob(
      {
        id,
        userId,
        input: checked.input,
        ...(deps.clientAddress ? { clientAddress: deps.clientAddress } : {}),
        ...(checked.globalRefund ? { globalRefund: checked.globalRefund } : {}),
      },
      checked.prepared.requirements,
    );
  } catch (error) {
    console.error("Starting a creation job failed:", error);
    return { status: "save-failed", message: "Vi kunde inte starta din rekommendation just nu. Inget har sparats – försök igen om en stund." };
  }
  return { status: "started", id };
}

/** The failure code of an error from the AI step; anything unexpected is rethrown. */
export function aiFailureCode(error: unknown): Extract<JobFailureCode, "timeout" | "busy" | "quota" | "unavailable" | "invalid-answer"> {
  if (error instanceof UpstreamUnavailableError) {
    return error.reason === "timeout" ? "timeout" : error.reason === "rate-limited" ? "busy" : error.reason === "quota" ? "quota" : "unavailable";
  }
  if (error instanceof UpstreamResponseError) {
    console.error("AI answer unusable:", error.detail);
    return "invalid-answer";
  }
  throw error;
}

function aiFailure(error: unknown): CreateRecommendationResult {
  const reason = aiFailureCode(error);
  const retryAfterSeconds = error instanceof UpstreamUnavailableError ? error.retryAfterSeconds : undefined;
  return { status: "ai-failed", reason, message: jobFailureMessage(reason), ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
}

/** The production wiring; tests pass their own deps. */
export function defaultSave(userId: string, recommendation: NewRecommendation) {
  return createRecommendationForUser(userId, recommendation);
}
