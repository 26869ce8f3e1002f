/**
 * `Promise.all(items.map(fn))` with at most `limit` calls in flight, results in input order.
 * Why not plain Promise.all: a Worker request may hold only six connections at once (R2, fetch,
 * KV…), so a page of 100 R2 reads must not start 100 at the same moment. Rejects on the first
 * failure (the remaining calls still settle; none are started after it).
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
