import { REASONING_EFFORTS } from "#app/server/env.server";

export type ReasoningEffortSetting = (typeof REASONING_EFFORTS)[number];

// Reasoning tokens count against max_completion_tokens; an unset effort on a model that reasons by default is planned as "medium".
export const REASONING_ALLOWANCE: Record<ReasoningEffortSetting, number> = { none: 0, minimal: 1_000, low: 3_000, medium: 8_000, high: 16_000 };
const REASONS_BY_DEFAULT = /^(o\d|gpt-[5-9]|gpt-\d{2})/;

export function reasoningAllowance(model: string, effort: ReasoningEffortSetting | undefined): number {
  if (effort) return REASONING_ALLOWANCE[effort];
  return REASONS_BY_DEFAULT.test(model) ? REASONING_ALLOWANCE.medium : 0;
}
