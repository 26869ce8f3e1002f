import type { Token } from "./tokenize.server";

export const COMPARATIVE = /^(?:\p{L}{3,}are|bäst|bättre|bäste|best|better)$/u;

const RATHER = new Set(["hellre", "helst", "rather"]);
/** "helst Skoda eftersom dom e billigare än VW": a comparison given as a reason refuses nothing. */
const REASONS = new Set(["eftersom", "pga", "då", "ty", "because", "since"]);
const reasonAt = (tokens: readonly Token[], from: number, index: number) => tokens.slice(from, index).some((token) => REASONS.has(token.norm));
export function ratherBefore(tokens: readonly Token[], index: number): boolean {
  const rather = tokens.slice(0, index).findLastIndex((token) => RATHER.has(token.norm));
  return rather >= 0 && !reasonAt(tokens, rather + 1, index);
}
const IRREGULAR_COMPARATIVE = /^(?:längre|större|mindre|högre|lägre|sämre|tyngre|äldre|yngre|mer|fler)$/u;
export const yardstick = (tokens: readonly Token[], index: number) =>
  (COMPARATIVE.test(tokens[index - 1]?.norm ?? "") || IRREGULAR_COMPARATIVE.test(tokens[index - 1]?.norm ?? "")) && reasonAt(tokens, 0, index);

const HADE_FILLERS = new Set(["ju", "nog", "inte", "ej", "heller", "väl", "faktiskt"]);
const CONDITIONAL_SUPINES = new Set(["suttit", "varit", "passat", "funkat", "fungerat", "känts", "gjort"]);
export function conditionalHade(tokens: readonly Token[], index: number): boolean {
  let next = index + 1;
  while (HADE_FILLERS.has(tokens[next]?.norm ?? "")) next++;
  return CONDITIONAL_SUPINES.has(tokens[next]?.norm ?? "");
}
