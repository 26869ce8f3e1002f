import { DurableObject } from "cloudflare:workers";
import type { JobFailureCode } from "#app/lib/creation-job";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import type { BuyerRequirements } from "#app/lib/requirements";
import {
  assembleSuggestions,
  NO_TEXTS,
  type PreparedAdvice,
  prepareFromRequirements,
  readRequirements,
  runAdvice,
} from "#app/server/advice/advise.server";
import type { CarTexts, EnginePick, RankedPick } from "#app/server/advice/contracts.server";
import { sameHardRequirements, settleReading } from "#app/server/advice/reading/merge-readings.server";
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_ATTEMPTS_PER_CREATE } from "#app/server/ai/openai-engine.server";
import type { ReadOutcome } from "#app/server/ai/openai-reader.server";
import type { Slots } from "#app/server/http/connection-slots.server";
import { deleteJobForUser, markJobFailedForUser } from "#app/server/db/recommendation-jobs.server";
import { isUserDeleted, jobMaySave } from "#app/server/db/deleted-users.server";
import { refundSpend } from "#app/server/rate-limit/spend-limits.server";
import { createRecommendationForUser, deleteRecommendationForUser } from "#app/server/db/recommendations.server";
import { createSlots } from "#app/server/http/connection-slots.server";
import { type Services, servicesFor } from "#app/server/services.server";
import { ModelUnavailableError, UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { adNeedsOf, availabilityChecker, unknownAvailabilityFor } from "./availability-step.server";
import { type CreationJobSpec, type JobProgress, SUGGESTION_COUNT } from "./contracts.server";
import { prepareCreate } from "./prepare-create.server";
import { rankedResult } from "./ranked-result.server";

/**
 * One recommendation being made, durably (docs/decisions/008-durable-creation.md), and the only
 * place a create is orchestrated: the start step (start-create.server.ts) charges the spend
 * limits, records the job in D1 and calls `start`; the work then runs in this object's alarm
 * (advice → marketplace → store), outside any buyer's request, so closing the tab or losing the connection
 * changes nothing. Progress (the ranked list, each car's texts and availability) is kept in the
 * object's storage as it arrives, and `progress` reads it for the pending page.
 *
 * The result is saved once, complete, under the job's id; the job row then goes. A failure marks
 * the job row failed with a code and saves nothing. An alarm interrupted by a restart runs again
 * (Cloudflare retries alarms) and resumes: a ranked list already stored is not asked for again, and
 * cars whose texts were lost get the facts-only writer's, so a restart never pays for the AI twice;
 * a restart after the first model call but before the ranking was stored ends the job as
 * interrupted rather than paying for the shortlist again.
 *
 * Before it saves, the job checks that its row still exists and its owner's account is not
 * deleted (the tombstone); after, that its receipt (the row) was still there and no tombstone
 * appeared, and drops the result otherwise. Removing the job or the account also calls `cancel`,
 * which stops the work at once. A job that fails or is stopped before its first model call gives
 * the daily budget's slot back.
 */

/** Alarm runs a job may take (restarts included) before it is marked interrupted. */
export const MAX_JOB_ATTEMPTS = 3;

type Stored = {
  spec: CreationJobSpec & { startedAt: number; attempts: number };
  ranked?: RankedPick[];
  /** Which reading the stored ranking stands on: the parser's (at once) or the merged one (redone). */
  rankedOn?: "parser" | "merged";
  /** The model's verified reading, or why there is none; stored so it is never paid for twice. */
  reading?: ReadOutcome;
  /** Set before the reading call: a restart that finds it without `reading` does not call again. */
  readingStarted?: true;
  outcome?: { status: "done" } | { status: "failed"; failure: JobFailureCode };
};

const textsKey = (variantId: string) => `texts:${variantId}`;
const availabilityKey = (variantId: string) => `availability:${variantId}`;

export class CreationJob extends DurableObject<Env> {
  /**
   * The advice the start step prepared, kept in memory rather than storage (candidates are large):
   * the first alarm runs in this same instance. An object restarted since then (a resume, or a
   * poll reaching a fresh instance) prepares it again from the input: pure, about 10 ms.
   */
  private prepared: PreparedAdvice | null = null;
  /** The advice prepared on the merged reading, when the ranking had to be redone on it. */
  private merged: PreparedAdvice | null = null;
  /** Aborted by `cancel`: the engine's calls stop and the run ends without saving. */
  private readonly stop = new AbortController();

  /** Records the job and schedules its work now. Idempotent: a second start changes nothing. */
  async start(spec: CreationJobSpec, prepared: PreparedAdvice): Promise<void> {
    if (await this.ctx.storage.get("spec")) return;
    this.prepared = prepared;
    await this.ctx.storage.put("spec", { ...spec, startedAt: Date.now(), attempts: 0 } satisfies Stored["spec"]);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /**
   * Stops the job for good (its owner removed it, or deleted the account): the work in flight is
   * aborted, nothing is saved, the storage goes, and an unspent daily slot is given back.
   */
  async cancel(userId: string): Promise<boolean> {
    const spec = await this.ctx.storage.get<Stored["spec"]>("spec");
    if (!spec || spec.userId !== userId) return false;
    this.stop.abort(new JobCancelled());
    await this.giveBackUnspent(spec);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    return true;
  }

  /** The job's progress for its owner; null for anyone else, or when nothing is stored (done and cleared). */
  async progress(userId: string): Promise<JobProgress | null> {
    const spec = await this.ctx.storage.get<Stored["spec"]>("spec");
    if (!spec || spec.userId !== userId) return null;
    const [ranked, outcome] = await Promise.all([
      this.ctx.storage.get<RankedPick[]>("ranked"),
      this.ctx.storage.get<Stored["outcome"]>("outcome"),
    ]);
    const state = outcome ? (outcome.status === "done" ? "done" : "failed") : ranked ? "writing" : "ranking";
    const failure = outcome?.status === "failed" ? outcome.failure : null;
    if (!ranked) return { startedAt: spec.startedAt, state, failure, cars: null };

    const [texts, availability] = await Promise.all([
      this.ctx.storage.get<CarTexts>(ranked.map((pick) => textsKey(pick.variantId))),
      this.ctx.storage.get<StoredAvailability>(ranked.map((pick) => availabilityKey(pick.variantId))),
    ]);
    const suggestions = assembleSuggestions(await this.rankedPrepared(spec), picksOf(ranked, texts), SUGGESTION_COUNT);
    return {
      startedAt: spec.startedAt,
      state,
      failure,
      cars: suggestions.map((suggestion) => ({
        suggestion,
        textsReady: texts.has(textsKey(idOf(suggestion))),
        availability: availability.get(availabilityKey(idOf(suggestion))) ?? null,
      })),
    };
  }

  override async alarm(): Promise<void> {
    const spec = await this.ctx.storage.get<Stored["spec"]>("spec");
    if (!spec) return;
    // The clean-up alarm `finish` set: the D1 rows are the truth by now.
    if (await this.ctx.storage.get("outcome")) return this.ctx.storage.deleteAll();
    const attempts = spec.attempts + 1;
    await this.ctx.storage.put("spec", { ...spec, attempts });
    if (attempts > MAX_JOB_ATTEMPTS) return this.fail(spec, "interrupted");
    try {
      await this.run(spec);
    } catch (error) {
      // Stopped by `cancel`: whatever the run wrote after the storage was cleared goes too.
      if (this.stop.signal.aborted) return this.ctx.storage.deleteAll();
      // Handled here rather than thrown: a thrown alarm is retried, and a retry would spend again.
      console.error("Creation job failed:", error);
      await this.fail(spec, failureCodeOf(error));
    }
  }

  /** The job's services, from its own env (the fault-injection tests replace them here). */
  services(): Services {
    return servicesFor(this.env);
  }

  private preparedFor(spec: CreationJobSpec): PreparedAdvice {
    if (!this.prepared) {
      const preparation = prepareCreate(spec.input, spec.corrections, this.services().advice);
      // It was ready when the job started; only a changed configuration can make it otherwise.
      if (preparation.status !== "ready") throw new JobError("invalid-answer", `the input no longer prepares: ${preparation.status}`);
      this.prepared = preparation.prepared;
    }
    return this.prepared;
  }

  /** The advice the stored ranking stands on: the merged reading's when it was redone on it. */
  private async rankedPrepared(spec: CreationJobSpec): Promise<PreparedAdvice> {
    const parser = this.preparedFor(spec);
    if (this.merged) return this.merged;
    if ((await this.ctx.storage.get<Stored["rankedOn"]>("rankedOn")) !== "merged") return parser;
    const outcome = (await this.ctx.storage.get<ReadOutcome>("reading")) ?? null;
    const preparation = prepareFromRequirements(settleReading(parser.requirements, outcome, this.mergeOptions(spec)), SUGGESTION_COUNT, this.services().advice);
    if (preparation.status === "ready") this.merged = preparation.prepared;
    return this.merged ?? parser;
  }

  private mergeOptions(spec: CreationJobSpec) {
    // Bodies the form alone asks for are the buyer's own choice; the merge never softens them.
    const form = readRequirements({ ...spec.input, description: "" }, this.services().advice);
    return { formBodyTypes: form.hard.bodyTypes, ...(spec.corrections ? { corrections: spec.corrections } : {}) };
  }

  /**
   * The requirements the create stands on: the parser's, merged with the model's reading when a
   * model is configured. The reading is stored, and a restart never calls for it again.
   */
  private async readWish(spec: CreationJobSpec, parser: BuyerRequirements, context: { slots: Slots; attempts: { used: number; max: number } }): Promise<BuyerRequirements> {
    const services = this.services();
    const storage = this.ctx.storage;
    let outcome = (await storage.get<ReadOutcome>("reading")) ?? null;
    if (!outcome && services.reader) {
      if (await storage.get("readingStarted")) {
        outcome = { status: "failed", failure: "unavailable" };
      } else {
        await storage.put("readingStarted", true);
        outcome = await services.reader.read(spec.input.description, { referenceYear: services.advice.assumptions.referenceYear, context });
      }
      await storage.put("reading", outcome);
    }
    return settleReading(parser, outcome, this.mergeOptions(spec));
  }

  private async run(spec: Stored["spec"]): Promise<void> {
    const services = this.services();
    const parserPrepared = this.preparedFor(spec);
    // Model calls and marketplace lookups share Workers' six connections: the job holds what the
    // engine alone would (OPENAI_CONCURRENCY, default five) and the lookups queue in the same slots.
    const slots = markingFirstUse(createSlots(services.appEnv.OPENAI_CONCURRENCY ?? DEFAULT_CONCURRENCY), () => this.ctx.storage.put("spent", true));
    // One ceiling for every model call of this create: the reading, the shortlist, the texts.
    const attempts = { used: 0, max: DEFAULT_MAX_ATTEMPTS_PER_CREATE };
    const marketplace = { rateLimits: services.rateLimits, marketplace: services.marketplace.forRequest(slots) };
    const storage = this.ctx.storage;

    // Availability lookups start the moment the ranking is known, beside the texts. A ranking
    // dropped for a redone one (`generation` moved on) stores nothing more.
    let generation = 0;
    const lookups = new Map<string, Promise<StoredAvailability>>();
    let lookupsStarted: Promise<void> = Promise.resolve();
    const startLookups = async (prepared: PreparedAdvice, ranked: RankedPick[]) => {
      const mine = generation;
      const stored = await storage.get<StoredAvailability>(ranked.map((pick) => availabilityKey(pick.variantId)));
      if (mine !== generation) return;
      const missing = ranked.filter((pick) => !stored.has(availabilityKey(pick.variantId)));
      for (const pick of ranked) {
        const known = stored.get(availabilityKey(pick.variantId));
        if (known) lookups.set(pick.variantId, Promise.resolve(known));
      }
      if (missing.length === 0) return;
      const check = await availabilityChecker(marketplace, spec.userId, spec.input, missing.length, adNeedsOf(prepared.requirements.hard));
      if (mine !== generation) return;
      const cars = assembleSuggestions(prepared, picksOf(missing, new Map()), SUGGESTION_COUNT);
      for (const car of cars) {
        lookups.set(
          idOf(car),
          check(car).then(async (availability) => {
            if (mine === generation) await storage.put(availabilityKey(idOf(car)), availability);
            return availability;
          }),
        );
      }
    };

    /** Ranks and writes on `prepared`, storing the ranking and each car's texts as they arrive. */
    const advise = async (prepared: PreparedAdvice, signal?: AbortSignal): Promise<CarSuggestion[]> => {
      const writes: Promise<void>[] = [];
      let rankedNow: RankedPick[] | undefined;
      try {
        const suggestions = await runAdvice(prepared, spec.input, services.engine, SUGGESTION_COUNT, {
          slots,
          attempts,
          // `cancel` stops every call; a ranking dropped for a redone one stops its own.
          signal: signal ? AbortSignal.any([signal, this.stop.signal]) : this.stop.signal,
          onRanked: (list) => {
            rankedNow = list;
            writes.push(storage.put("ranked", list));
            lookupsStarted = startLookups(prepared, list);
          },
          onCar: (pick) => writes.push(storage.put(textsKey(pick.variantId), pick.texts)),
        });
        // An engine that never reported its ranking: look the cars up now.
        if (!rankedNow) lookupsStarted = startLookups(prepared, suggestions.map((car) => ({ variantId: idOf(car), overall: car.ratings.overall, tagline: car.carTagline })));
        return suggestions;
      } finally {
        await Promise.allSettled(writes);
      }
    };

    let prepared = parserPrepared;
    let requirements: BuyerRequirements;
    let suggestions: CarSuggestion[];
    const ranked = await storage.get<RankedPick[]>("ranked");
    if (ranked) {
      // Resumed after a restart: keep the ranking and the texts that were written; the facts-only
      // writer fills the rest rather than a second paid call. The reading is the stored one.
      const settled = await this.readWish(spec, parserPrepared.requirements, { slots, attempts });
      prepared = await this.rankedPrepared(spec);
      requirements = sameHardRequirements(settled.hard, prepared.requirements.hard) ? settled : prepared.requirements;
      lookupsStarted = startLookups(prepared, ranked);
      const texts = await storage.get<CarTexts>(ranked.map((pick) => textsKey(pick.variantId)));
      suggestions = assembleSuggestions(prepared, picksOf(ranked, texts, "facts"), SUGGESTION_COUNT);
    } else {
      // A model call was made before a restart and its ranking was lost: asking again would pay twice.
      if (await storage.get("spent")) throw new JobError("interrupted", "restarted after a model call, before the ranking was stored");
      // The parser's reading is ready at once: rank on it while the model reads the wish.
      const first = new AbortController();
      const onParser = advise(parserPrepared, first.signal);
      onParser.catch(() => {});
      requirements = await this.readWish(spec, parserPrepared.requirements, { slots, attempts });
      const redo = sameHardRequirements(requirements.hard, parserPrepared.requirements.hard)
        ? null
        : prepareFromRequirements(requirements, SUGGESTION_COUNT, services.advice);
      if (redo?.status === "ready") {
        // The merged reading asks for other cars: drop what was ranked on the parser's and redo it.
        first.abort(new Error("the merged reading changed the hard requirements"));
        await onParser.catch(() => {});
        generation += 1;
        lookups.clear();
        lookupsStarted = Promise.resolve();
        const stale = [...(await storage.list({ prefix: "texts:" })).keys(), ...(await storage.list({ prefix: "availability:" })).keys(), "ranked"];
        await storage.delete(stale);
        await storage.put("rankedOn", "merged" satisfies Stored["rankedOn"]);
        this.merged = redo.prepared;
        prepared = redo.prepared;
        suggestions = await advise(prepared);
      } else {
        if (redo) {
          // No car meets the merged reading: the cars stand on the parser's, and so does the result.
          console.warn("Creation job: the merged reading leaves no candidate; keeping the parser's", { status: redo.status });
          requirements = parserPrepared.requirements;
        }
        suggestions = await onParser;
      }
    }

    if (suggestions.length === 0) throw new JobError("invalid-answer", "the engine chose no car");
    await lookupsStarted;
    const availabilities = await Promise.all(
      suggestions.map((car) => lookups.get(idOf(car)) ?? Promise.resolve(unknownAvailabilityFor(car, spec.input, "error"))),
    );
    const result = rankedResult(prepared, services.engine.source, suggestions, availabilities);

    if (this.stop.signal.aborted) throw new JobCancelled();
    // Removed or its account deleted while it worked: nothing is written at all (a D1 that cannot
    // answer the check is a failed save).
    try {
      if (!(await jobMaySave(spec.userId, spec.id, services.db))) return this.ctx.storage.deleteAll();
      await createRecommendationForUser(spec.userId, { id: spec.id, input: spec.input, requirements, recommendation: result }, services.db, services.results);
    } catch (error) {
      throw new JobError("save-failed", error);
    }
    // The job row going is the receipt. If it was already gone, or the account was deleted
    // between the check and the save, the result must not outlive it (should this fail, the
    // tombstone's last sweep removes it).
    const receipt = await deleteJobForUser(spec.userId, spec.id, services.db);
    if (!receipt || (await isUserDeleted(spec.userId, services.db))) {
      await deleteRecommendationForUser(spec.userId, spec.id, services.db, services.results);
      return this.ctx.storage.deleteAll();
    }
    await this.finish({ status: "done" });
  }

  private async fail(spec: CreationJobSpec, failure: JobFailureCode): Promise<void> {
    await this.giveBackUnspent(spec);
    try {
      await markJobFailedForUser(spec.userId, spec.id, failure, this.services().db);
    } catch (error) {
      // The page reports a job that stays "running" too long as interrupted (JOB_STALE_AFTER_MS).
      console.error("Could not mark a creation job failed:", error);
    }
    await this.finish({ status: "failed", failure });
  }

  /** The daily budget's slot, when this job never reached a model (no call made, no ranking, no outcome). */
  private async giveBackUnspent(spec: CreationJobSpec): Promise<void> {
    if (!spec.globalRefund) return;
    const used = await this.ctx.storage.get(["spent", "ranked", "outcome"]);
    if (used.size > 0) return;
    await refundSpend(this.services().rateLimits, spec.globalRefund);
  }

  /**
   * The D1 rows are now the truth; keep only the outcome (for a page that polls once more) and
   * clear it a minute later, so a finished job holds no buyer data.
   */
  private async finish(outcome: NonNullable<Stored["outcome"]>): Promise<void> {
    const spec = await this.ctx.storage.get<Stored["spec"]>("spec");
    await this.ctx.storage.deleteAll();
    if (!spec) return;
    await this.ctx.storage.put({ spec: { ...spec, input: { ...spec.input, description: "" } }, outcome });
    await this.ctx.storage.setAlarm(Date.now() + 60_000);
  }
}

/**
 * A ranked pick with its texts when written, or none yet (the interim view shows them as pending;
 * `missing: "facts"` when they will never come and the facts-only writer's are final).
 */
function picksOf(ranked: readonly RankedPick[], texts: ReadonlyMap<string, CarTexts>, missing?: "facts"): EnginePick[] {
  return ranked.map((pick) => ({
    variantId: pick.variantId,
    overall: pick.overall,
    texts: texts.get(textsKey(pick.variantId)) ?? { ...NO_TEXTS, pros: [], cons: [], tagline: pick.tagline ?? "", ...(missing ? { writtenBy: missing } : {}) },
  }));
}

/** Suggestions built by the pipeline always name their variant; older saved shapes may not. */
function idOf(car: CarSuggestion): string {
  return car.variantId ?? car.carName;
}

/** The slots, marking the job as having spent (durably, before the call is sent) at the first call. */
function markingFirstUse(slots: Slots, mark: () => Promise<void>): Slots {
  let marked: Promise<void> | null = null;
  return {
    run: (task, signal) => (marked ??= mark()).then(() => slots.run(task, signal)),
    get active() {
      return slots.active;
    },
    get peak() {
      return slots.peak;
    },
  };
}

class JobCancelled extends Error {
  constructor() {
    super("creation job cancelled");
  }
}

class JobError extends Error {
  constructor(
    readonly code: JobFailureCode,
    cause: unknown,
  ) {
    super(`creation job: ${code}`, { cause });
  }
}

/** The failure code of an error from the work: ours, or the AI step's typed upstream errors. */
function failureCodeOf(error: unknown): JobFailureCode {
  if (error instanceof JobError) return error.code;
  // Logged by the model check with the model's name and what to do; the buyer reads the code's text.
  if (error instanceof ModelUnavailableError) return "model-unavailable";
  if (error instanceof UpstreamUnavailableError) {
    return error.reason === "timeout" ? "timeout" : error.reason === "rate-limited" ? "busy" : error.reason === "quota" ? "quota" : "unavailable";
  }
  if (error instanceof UpstreamResponseError) {
    console.error("AI answer unusable:", error.detail);
    return "invalid-answer";
  }
  return "interrupted";
}
