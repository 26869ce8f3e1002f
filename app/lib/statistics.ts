/** The value at the middle of the sorted figures, the upper one of an even count: a claim of "low" must come in under it. */
export function upperMedian(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
