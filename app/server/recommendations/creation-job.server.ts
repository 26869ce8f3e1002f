import { DurableObject } from "cloudflare:workers";
import type { FallbackReason, JobFailureCode } from "#app/lib/creation-job";
import type { CarSuggestion } from "#app/lib/recommendation";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import { assembleSuggestions, type PreparedAdvice } from "#app/server/advice/advise.server";
import type { CarTexts, RankedPick } from "#app/server/advice/contracts.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import type { ReadOutcome } from "#app/server/ai/openai-reader.server";
import { markJobFailedForUser } from "#app/server/db/recommendation-jobs.server";
import { refundSpend } from "#app/server/rate-limit/spend-limits.server";
import { type Services, servicesFor } from "#app/server/services.server";
import { type CreationJobSpec, type FirstReading, type JobProgress, SUGGESTION_COUNT } from "./contracts.server";
import { adviseAndLookUp } from "./job-advice.server";
import { failureCodeOf, fallbackReasonOf, JobCancelled, JobError } from "./job-errors.server";
import { availabilityKey, idOf, picksOf, type Stored, type StoredSpec, textsKey } from "./job-storage.server";
import { storeJobResult } from "./job-store.server";
import { readBeforeRanking, readWithModel } from "./reading-step.server";

export const MAX_JOB_ATTEMPTS = 3;

/** One recommendation being made, in its alarm, outside any buyer's request (docs/decisions/008-durable-creation.md). */
export class CreationJob extends DurableObject<Env> {
  /** In memory, not storage (candidates are large); a restarted object prepares it again. */
  private first: FirstReading | null = null;
  private merged: PreparedAdvice | null = null;
  /** Building a poll's view runs the writer and the guard over ten cars. */
  private interim: { key: string; suggestions: CarSuggestion[] } | null = null;
  private rankingEpoch = 0;
  private readonly stop = new AbortController();

  async start(spec: CreationJobSpec, first: FirstReading): Promise<void> {
    if (await this.ctx.storage.get("spec")) return;
    this.first = first;
    await this.ctx.storage.put("spec", { ...spec, startedAt: Date.now(), attempts: 0 } satisfies StoredSpec);
    await this.ctx.storage.setAlarm(Date.now());
  }

  async cancel(userId: string): Promise<boolean> {
    const spec = await this.ctx.storage.get<StoredSpec>("spec");
    if (!spec || spec.userId !== userId) return false;
    this.stop.abort(new JobCancelled());
    await this.giveBackUnspent(spec);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    return true;
  }

  async progress(userId: string): Promise<JobProgress | null> {
    const spec = await this.ctx.storage.get<StoredSpec>("spec");
    if (!spec || spec.userId !== userId) return null;
    const [ranked, outcome] = await Promise.all([this.ctx.storage.get<RankedPick[]>("ranked"), this.ctx.storage.get<Stored["outcome"]>("outcome")]);
    const state = outcome ? (outcome.status === "done" ? "done" : "failed") : ranked ? "writing" : "ranking";
    const failure = outcome?.status === "failed" ? outcome.failure : null;
    if (!ranked) return { startedAt: spec.startedAt, state, failure, cars: null };

    const [texts, availability] = await Promise.all([
      this.ctx.storage.get<CarTexts>(ranked.map((pick) => textsKey(pick.variantId))),
      this.ctx.storage.get<StoredAvailability>(ranked.map((pick) => availabilityKey(pick.variantId))),
    ]);
    const key = `${this.rankingEpoch}|${ranked.map((pick) => pick.variantId).join(",")}|${[...texts.keys()].sort().join(",")}`;
    const suggestions =
      this.interim?.key === key ? this.interim.suggestions : assembleSuggestions(await this.rankedPrepared(spec), picksOf(ranked, texts), SUGGESTION_COUNT);
    this.interim = { key, suggestions };
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
    const spec = await this.ctx.storage.get<StoredSpec>("spec");
    if (!spec) return;
    // The clean-up alarm `finish` set.
    if (await this.ctx.storage.get("outcome")) return this.ctx.storage.deleteAll();
    const attempts = spec.attempts + 1;
    await this.ctx.storage.put("spec", { ...spec, attempts });
    if (attempts > MAX_JOB_ATTEMPTS) return this.fail(spec, "interrupted");
    try {
      await this.run(spec);
    } catch (error) {
      if (this.stop.signal.aborted) return this.ctx.storage.deleteAll();
      // Not rethrown: a thrown alarm is retried, and a retry would spend again.
      console.error("Creation job failed:", error);
      await this.fail(spec, failureCodeOf(error));
    }
  }

  services(): Services {
    return servicesFor(this.env);
  }

  private firstFor(spec: CreationJobSpec): FirstReading {
    if (!this.first) {
      const read = readBeforeRanking(spec, this.services().advice);
      if (read.status !== "ready") throw new JobError("invalid-answer", `the input no longer prepares: ${read.status}`);
      this.first = read.first;
    }
    return this.first;
  }

  private async rankedPrepared(spec: CreationJobSpec): Promise<PreparedAdvice> {
    const first = this.firstFor(spec);
    if (this.merged) return this.merged;
    if ((await this.ctx.storage.get<Stored["rankedOn"]>("rankedOn")) !== "merged") return first.prepared;
    const { redo } = readWithModel(first, (await this.ctx.storage.get<ReadOutcome>("reading")) ?? null, spec, this.services().advice);
    if (redo?.status === "ready") this.merged = redo.prepared;
    return this.merged ?? first.prepared;
  }

  private async run(spec: StoredSpec): Promise<void> {
    const services = this.services();
    let fallback = spec.fallback ?? (await this.ctx.storage.get<FallbackReason>("fallback")) ?? null;
    let saved: Awaited<ReturnType<typeof adviseAndLookUp>>;
    try {
      saved = await this.advise(spec, fallback ? withoutModel(services) : services);
    } catch (error) {
      const reason = fallback || this.stop.signal.aborted ? null : fallbackReasonOf(error);
      if (!reason) throw error;
      console.error("Creation job: the model could not be had, so the local engine answers:", error);
      fallback = reason;
      await this.fallBack(spec, reason);
      saved = await this.advise(spec, withoutModel(services));
    }
    if (this.stop.signal.aborted) throw new JobCancelled();
    const result = fallback ? { ...saved.result, fallback: { reason: fallback } } : saved.result;
    if ((await storeJobResult(spec, { ...saved, result }, services)) === "dropped") return this.ctx.storage.deleteAll();
    await this.finish({ status: "done" });
  }

  private advise(spec: StoredSpec, services: Services) {
    const first = this.firstFor(spec);
    return adviseAndLookUp({
      spec,
      storage: this.ctx.storage,
      services,
      stop: this.stop.signal,
      first,
      rankedPrepared: () => this.rankedPrepared(spec),
      onRedone: (merged) => {
        this.merged = merged;
        this.rankingEpoch += 1;
        this.interim = null;
      },
    });
  }

  /** Stored first, so a restart asks no model either; the model's half-made ranking goes, its reading and the lookups stay. */
  private async fallBack(spec: CreationJobSpec, reason: FallbackReason): Promise<void> {
    await this.ctx.storage.put("fallback", reason);
    const texts = [...(await this.ctx.storage.list({ prefix: "texts:" })).keys()];
    await this.ctx.storage.delete([...texts, "ranked", "rankedOn", "spent"]);
    this.merged = null;
    this.interim = null;
    this.rankingEpoch += 1;
    // The local engine costs nothing, so the create is not counted against the day's model budget.
    if (spec.globalRefund) await refundSpend(this.services().rateLimits, spec.globalRefund);
  }

  private async fail(spec: CreationJobSpec, failure: JobFailureCode): Promise<void> {
    await this.giveBackUnspent(spec);
    try {
      await markJobFailedForUser(spec.userId, spec.id, failure, this.services().db);
    } catch (error) {
      // The page reads a job left "running" too long as interrupted.
      console.error("Could not mark a creation job failed:", error);
    }
    await this.finish({ status: "failed", failure });
  }

  private async giveBackUnspent(spec: CreationJobSpec): Promise<void> {
    if (!spec.globalRefund) return;
    const used = await this.ctx.storage.get(["spent", "ranked", "outcome"]);
    if (used.size > 0) return;
    await refundSpend(this.services().rateLimits, spec.globalRefund);
  }

  /** Keeps only the outcome for a last poll, so a finished job soon holds no buyer data. */
  private async finish(outcome: NonNullable<Stored["outcome"]>): Promise<void> {
    const spec = await this.ctx.storage.get<StoredSpec>("spec");
    await this.ctx.storage.deleteAll();
    if (!spec) return;
    await this.ctx.storage.put({ spec: { ...spec, input: { ...spec.input, description: "" } }, outcome });
    await this.ctx.storage.setAlarm(Date.now() + 60_000);
  }
}

function withoutModel(services: Services): Services {
  return { ...services, engine: localAdviceEngine, reader: null };
}
