import { pickDiverse } from "./candidates.server";
import type { AdviceEngine, EnginePick } from "./contracts.server";
import { writeLocally } from "./local-writer.server";

export const localAdviceEngine: AdviceEngine = {
  source: "local",
  async advise(request, options) {
    const chosen = pickDiverse(request.candidates, request.count, request.requirements.namedModels);
    const picks: EnginePick[] = chosen.map((candidate) => ({
      variantId: candidate.variant.id,
      overall: candidate.overall,
      texts: writeLocally(candidate, request.requirements, chosen),
    }));
    options?.onRanked?.(picks.map((pick) => ({ variantId: pick.variantId, overall: pick.overall, tagline: pick.texts.tagline })));
    picks.forEach((pick, index) => options?.onCar?.(pick, { done: index + 1, total: picks.length }));
    return picks;
  },
};
