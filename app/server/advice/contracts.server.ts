import type { BuyerRequirements } from "#app/lib/requirements";
import type { SellerType } from "#app/lib/search-form";
import type { Slots } from "#app/server/http/connection-slots.server";
import type { Candidate } from "./candidates.server";

/**
 * What an advice engine is: given the candidates that already pass every hard requirement (with
 * their computed numbers), choose and order `count` of them and write the Swedish texts. The local
 * engine and the OpenAI engine differ only here; requirements, enforcement and numbers are shared.
 */

/** The prose of one suggestion; numbers a buyer reads elsewhere on the card come from the facts. */
export type CarTexts = {
  tagline: string;
  whyItFits: string;
  deepDive: string;
  commonFlaws: string;
  pros: string[];
  cons: string[];
  /** "facts": the model could not write them (timeout, error), so the facts-only writer did. */
  writtenBy?: "facts";
};

export type EnginePick = {
  /** A candidate's variant id; anything else is dropped by the pipeline. */
  variantId: string;
  /** 0–100; the local engine uses the candidate's computed overall. */
  overall: number;
  texts: CarTexts;
};

export type AdviceRequest = {
  requirements: BuyerRequirements;
  /** Best first by the shared ranking; every one passes the hard requirements. */
  candidates: readonly Candidate[];
  count: number;
  sellerType: SellerType;
};

type AdviceProgress = { done: number; total: number };

/** A place in the ranking, known before that car's texts are written. */
export type RankedPick = {
  variantId: string;
  overall: number;
  /** The engine's one-liner when it gave one with the ranking (the OpenAI shortlist does). */
  tagline: string | null;
};

export type AdviceOptions = {
  /**
   * Called once, as soon as the engine has decided which cars and in what order (before their
   * texts exist), so a page can show the ranked list while the texts are still being written.
   */
  onRanked?: (ranked: RankedPick[]) => void;
  /** Called once per finished car, in completion order, so a page can show cars as they arrive. */
  onCar?: (pick: EnginePick, progress: AdviceProgress) => void;
  signal?: AbortSignal;
  /**
   * The invocation's connection slots (app/server/http/connection-slots.server.ts) when other
   * calls run beside the engine's, e.g. marketplace lookups started as soon as the list is ranked.
   * Without them the engine takes slots of its own.
   */
  slots?: Slots;
  /**
   * The create's model calls made and allowed, when other calls of the same create (the reading of
   * the wish) count toward the same ceiling. Without it the engine counts its own.
   */
  attempts?: { used: number; max: number };
};

export type AdviceEngine = {
  source: "openai" | "local";
  /** Picks in rank order (at most `count`), each naming one of the candidates. */
  advise(request: AdviceRequest, options?: AdviceOptions): Promise<EnginePick[]>;
  /**
   * Asked before any spend limit is charged: throws ModelUnavailableError when the engine already
   * knows it cannot answer (its model is retired or unknown). Cheap: cached per isolate.
   */
  preflight?(): Promise<void>;
};
