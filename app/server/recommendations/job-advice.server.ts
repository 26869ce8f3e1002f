import type { CarSuggestion } from "#app/lib/recommendation";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { RecommendationResult, StoredAvailability } from "#app/lib/saved-recommendation";
import { assembleSuggestions, type PreparedAdvice, runAdvice, suggestionsForLookup } from "#app/server/advice/advise.server";
import type { CarTexts, RankedPick } from "#app/server/advice/contracts.server";
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_ATTEMPTS_PER_CREATE } from "#app/server/ai/openai-engine.server";
import type { ReadOutcome } from "#app/server/ai/openai-reader.server";
import { createSlots, type Slots } from "#app/server/http/connection-slots.server";
import type { Services } from "#app/server/services.server";
import { adNeedsOf, availabilityChecker, uncheckedAvailabilityFor, unknownAvailabilityFor } from "./availability-step.server";
import { type FirstReading, SUGGESTION_COUNT } from "./contracts.server";
import { JobError } from "./job-errors.server";
import { availabilityKey, idOf, picksOf, type Stored, type StoredSpec, textsKey } from "./job-storage.server";
import { rankedResult } from "./ranked-result.server";
import { type ModelStage, readingToSave, readWithModel } from "./reading-step.server";

export type JobRun = {
  spec: StoredSpec;
  storage: DurableObjectStorage;
  services: Services;
  stop: AbortSignal;
  first: FirstReading;
  /** The advice the stored ranking stands on, as the shell keeps it for its polls. */
  rankedPrepared: () => Promise<PreparedAdvice>;
  onRedone: (merged: PreparedAdvice) => void;
};

type CallBudget = { slots: Slots; attempts: { used: number; max: number }; signal: AbortSignal };

/** The advice and marketplace stages, resuming from what the job's storage holds (docs/decisions/016-create-pipeline-notes.md). */
export async function adviseAndLookUp(run: JobRun): Promise<{ requirements: BuyerRequirements; result: RecommendationResult }> {
  const { spec, storage, services, first } = run;
  const parser = first.prepared;
  // Model calls and lookups share Workers' six connections.
  const slots = markingFirstUse(createSlots(services.appEnv.OPENAI_CONCURRENCY ?? DEFAULT_CONCURRENCY), () => storage.put("spent", true));
  // Once the ranking has failed, no model call of this create is sent or waited for, the reading's included.
  const modelStop = new AbortController();
  const budget: CallBudget = { slots, attempts: { used: 0, max: DEFAULT_MAX_ATTEMPTS_PER_CREATE }, signal: AbortSignal.any([run.stop, modelStop.signal]) };
  const marketplace = { rateLimits: services.rateLimits, marketplace: services.marketplace.forRequest(slots) };

  // A dropped ranking (`generation` moved on) stores nothing more.
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
    for (const car of suggestionsForLookup(prepared, picksOf(missing, new Map()), SUGGESTION_COUNT)) {
      lookups.set(
        idOf(car),
        check(car).then(async (availability) => {
          if (mine === generation) await storage.put(availabilityKey(idOf(car)), availability);
          return availability;
        }),
      );
    }
  };

  const advise = async (prepared: PreparedAdvice, signal?: AbortSignal, ready: Promise<void> = Promise.resolve()): Promise<CarSuggestion[]> => {
    const writes: Promise<void>[] = [];
    let rankedNow: RankedPick[] | undefined;
    try {
      const suggestions = await runAdvice(prepared, spec.input, services.engine, SUGGESTION_COUNT, {
        ...budget,
        signal: signal ? AbortSignal.any([signal, budget.signal]) : budget.signal,
        // Nothing is stored before `ready`: a redone ranking's calls start while the dropped one's storage is cleared.
        onRanked: (list) => {
          rankedNow = list;
          writes.push(ready.then(() => storage.put("ranked", list)));
          lookupsStarted = ready.then(() => startLookups(prepared, list));
        },
        onCar: (pick) => writes.push(ready.then(() => storage.put(textsKey(pick.variantId), pick.texts))),
      });
      if (!rankedNow)
        lookupsStarted = ready.then(() =>
          startLookups(
            prepared,
            suggestions.map((car) => ({ variantId: idOf(car), overall: car.ratings.overall, tagline: car.carTagline })),
          ),
        );
      return suggestions;
    } finally {
      await Promise.allSettled(writes);
    }
  };

  let prepared = parser;
  let stage: ModelStage;
  let suggestions: CarSuggestion[];
  const ranked = await storage.get<RankedPick[]>("ranked");
  if (ranked) {
    // Resumed: the facts-only writer fills lost texts rather than a second paid call.
    stage = await readWish(run, budget);
    prepared = await run.rankedPrepared();
    lookupsStarted = startLookups(prepared, ranked);
    const texts = await storage.get<CarTexts>(ranked.map((pick) => textsKey(pick.variantId)));
    suggestions = assembleSuggestions(prepared, picksOf(ranked, texts, "facts"), SUGGESTION_COUNT);
  } else {
    // Only a model's calls are paid, so only they are never made twice.
    if (services.engine.source === "openai" && (await storage.get("spent")))
      throw new JobError("interrupted", "restarted after a model call, before the ranking was stored");
    // Rank on the parser's reading at once while the model reads the wish.
    const parserRanking = new AbortController();
    const onParser = advise(parser, parserRanking.signal);
    onParser.catch((error: unknown) => {
      if (!parserRanking.signal.aborted) modelStop.abort(error);
    });
    stage = await readWish(run, budget);
    const { redo } = stage;
    if (redo?.status === "ready") {
      parserRanking.abort(new Error("the merged reading changed the hard requirements"));
      generation += 1;
      lookups.clear();
      lookupsStarted = Promise.resolve();
      const merged = redo.prepared;
      const cleared = (async () => {
        await onParser.catch(() => {});
        const stale = [...(await storage.list({ prefix: "texts:" })).keys(), ...(await storage.list({ prefix: "availability:" })).keys(), "ranked"];
        await storage.delete(stale);
        await storage.put("rankedOn", "merged" satisfies Stored["rankedOn"]);
        run.onRedone(merged);
      })();
      cleared.catch(() => {});
      prepared = merged;
      suggestions = await advise(prepared, undefined, cleared);
      await cleared;
    } else {
      if (redo) console.warn("Creation job: the merged reading leaves no candidate; keeping the parser's", { status: redo.status });
      suggestions = await onParser;
    }
  }

  if (suggestions.length === 0) throw new JobError("invalid-answer", "the engine chose no car");
  await lookupsStarted;
  const missing = (car: CarSuggestion) =>
    services.marketplace.source === "off" ? uncheckedAvailabilityFor(car, spec.input) : unknownAvailabilityFor(car, spec.input, "error");
  const availabilities = await Promise.all(suggestions.map((car) => lookups.get(idOf(car)) ?? Promise.resolve(missing(car))));
  return { requirements: readingToSave(stage, prepared, first), result: rankedResult(prepared, services.engine.source, suggestions, availabilities) };
}

/** The model's reading of the wish (stored, so it is paid for once) settled with the first reading. */
async function readWish(run: JobRun, budget: CallBudget): Promise<ModelStage> {
  const { spec, storage, services } = run;
  let outcome = (await storage.get<ReadOutcome>("reading")) ?? null;
  if (!outcome && services.reader) {
    if (await storage.get("readingStarted")) {
      outcome = { status: "failed", failure: "unavailable" };
    } else {
      await storage.put("readingStarted", true);
      outcome = await services.reader.read(spec.input.description, { referenceYear: services.advice.assumptions.referenceYear, context: budget });
    }
    await storage.put("reading", outcome);
  }
  return readWithModel(run.first, outcome, spec, services.advice);
}

/** Marks the job as having spent, durably, before its first call is sent. */
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
