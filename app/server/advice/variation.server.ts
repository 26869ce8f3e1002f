/**
 * One of several true wordings, chosen by a stable hash of the car and the sentence kind, so the
 * same card always reads the same and a list of cards does not open every sentence alike.
 */
export function choose<T>(seed: string, options: readonly T[]): T {
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619);
  return options[(hash >>> 0) % options.length]!;
}
