/**
 * A fetch for adapters under test that only reaches the fakes: any other URL is recorded and
 * refused, and `takeUnexpected()` (checked after each test) returns and clears the record.
 */
export function createOutboundGuard(allowedPrefixes: readonly string[]) {
  let unexpected: string[] = [];
  const guardedFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!allowedPrefixes.some((prefix) => url.startsWith(prefix))) {
      unexpected.push(url);
      throw new Error(`Unexpected outbound request to ${url}`);
    }
    return fetch(input, init);
  };
  return {
    fetch: guardedFetch,
    takeUnexpected(): string[] {
      const taken = unexpected;
      unexpected = [];
      return taken;
    },
  };
}
