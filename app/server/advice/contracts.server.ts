import type { BuyerRequirements } from "#app/lib/requirements";
import type { SellerType } from "#app/lib/search-form";
import type { Slots } from "#app/server/http/connection-slots.server";
import type { Candidate } from "./candidates.server";

// Engines differ only in choosing, ordering and wording candidates; requirements, enforcement and numbers are shared.

export type CarTexts = {
  tagline: string;
  whyItFits: string;
  deepDive: string;
  commonFlaws: string;
  pros: string[];
  cons: string[];
  /** The model could not write them (timeout, error), so the facts-only writer did. */
  writtenBy?: "facts";
};

export type EnginePick = {
  variantId: string;
  overall: number;
  texts: CarTexts;
};

export type AdviceRequest = {
  requirements: BuyerRequirements;
  /** Every one already passes the hard requirements. */
  candidates: readonly Candidate[];
  count: number;
  sellerType: SellerType;
};

type AdviceProgress = { done: number; total: number };

export type RankedPick = {
  variantId: string;
  overall: number;
  tagline: string | null;
};

export type AdviceOptions = {
  /** Called once the order is known, before any texts exist. */
  onRanked?: (ranked: RankedPick[]) => void;
  onCar?: (pick: EnginePick, progress: AdviceProgress) => void;
  signal?: AbortSignal;
  /** Shared with marketplace lookups started as soon as the list is ranked; without them the engine takes its own. */
  slots?: Slots;
  /** Model calls made and allowed for the whole create (the reading counts too); `stoppedBy` ends them all. */
  attempts?: { used: number; max: number; stoppedBy?: Error };
};

export type AdviceEngine = {
  source: "openai" | "local";
  advise(request: AdviceRequest, options?: AdviceOptions): Promise<EnginePick[]>;
  /** Throws ModelUnavailableError before any spend limit is charged when the model is retired or unknown; cached per isolate. */
  preflight?(): Promise<void>;
};
