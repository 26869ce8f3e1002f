import { afterEach, describe, expect, inject, it } from "vitest";
import type { MarketplaceQueryInput } from "#app/lib/marketplace";
import { createSlots } from "#app/server/http/connection-slots.server";
import type { KvLike } from "#app/server/marketplace/marketplace-cache.server";
import { createMarketplace, lookupMany, type MarketplaceConfig } from "#app/server/marketplace/marketplace.server";
import { createOutboundGuard } from "#test/setup/outbound-guard";

/**
 * Workers' six connections per request, proven against the
 * fake Blocket: every request below announces the cap (`x-fake-connection-cap: 6`), and the fake
 * refuses a seventh waiting for headers instead of queueing it silently as the runtime would. The
 * "paced" mode answers after 150 ms, so lookups overlap the way they do in production.
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeBlocketUrl: string;
  }
}

const fakeUrl = inject("fakeBlocketUrl");
const WORKERS_CAP = 6;
const PACED_MS = 150;
const outbound = createOutboundGuard([`${fakeUrl}/__mode/`]);

afterEach(() => {
  expect(outbound.takeUnexpected()).toEqual([]);
});

type Stats = { waiting: number; peakWaiting: number; open: number; peakOpen: number; capRejected: number };
const stats = async (key: string) => (await (await fetch(`${fakeUrl}/__fake/stats?key=${encodeURIComponent(key)}`)).json()) as Stats;
const recorded = async (key: string) => (await (await fetch(`${fakeUrl}/__fake/requests?key=${encodeURIComponent(key)}`)).json()) as { at: number }[];

/** Connections (fetch until its headers, KV until done) open at once, across both. */
function connectionMeter() {
  let open = 0;
  let peak = 0;
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    open++;
    peak = Math.max(peak, open);
    try {
      return await work();
    } finally {
      open--;
    }
  };
  const cappedFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("x-fake-connection-cap", String(WORKERS_CAP));
    // Resolves with the response headers, which is when Workers stop counting the connection.
    return track(() => outbound.fetch(input, { ...init, headers }));
  };
  const store = new Map<string, string>();
  const kv: KvLike = {
    get: (key) => track(async () => (await new Promise((resolve) => setTimeout(resolve, 15)), store.get(key) ?? null)),
    put: (key, value) => track(async () => void (await new Promise((resolve) => setTimeout(resolve, 15)), store.set(key, value))),
  };
  return { fetch: cappedFetch, kv, peak: () => peak };
}

function marketplaceFor(mode: string, config: Partial<MarketplaceConfig> = {}, meter = connectionMeter()) {
  const key = `${mode}-${crypto.randomUUID()}`;
  const marketplace = createMarketplace(
    { source: "blocket", baseUrl: `${fakeUrl}/__mode/${mode}/${key}`, allowLoopbackBaseUrl: true, ...config },
    { fetch: meter.fetch, kv: meter.kv, log: () => {} },
  );
  return { key, marketplace, meter };
}

/** Ten different cars of one create, all with a bundled code (one Blocket request each). */
const TEN: MarketplaceQueryInput[] = [
  { make: "Volvo", model: "XC60" },
  { make: "Volvo", model: "XC40" },
  { make: "Volvo", model: "XC90" },
  { make: "Volvo", model: "EX30" },
  { make: "Volvo", model: "V60" },
  { make: "Volvo", model: "EX90" },
  { make: "Toyota", model: "RAV4" },
  { make: "Toyota", model: "Corolla" },
  { make: "Tesla", model: "Model 3" },
  { make: "Volkswagen", model: "Passat" },
];

describe("Blocket lookups under Workers' six-connection cap", () => {
  it("runs the ten lookups of a create without ever needing a seventh connection", async () => {
    const { key, marketplace, meter } = marketplaceFor("paced");
    const lookups = await lookupMany(TEN, { marketplace, log: () => {} });
    expect(lookups.map((lookup) => lookup.availability.status)).toEqual(TEN.map(() => "known"));
    expect(await stats(key)).toMatchObject({ peakWaiting: 5, capRejected: 0 });
    // KV reads and writes counted with the Blocket requests: five at most, one left for the rest.
    expect(meter.peak()).toBe(5);
  });

  it("is refused a seventh connection by the fake when lookups are not scheduled", async () => {
    const { key, marketplace } = marketplaceFor("paced", { retries: 0 });
    const lookups = await lookupMany(TEN, { marketplace: marketplace.forRequest(createSlots(TEN.length)), log: () => {} });
    expect((await stats(key)).capRejected).toBeGreaterThan(0);
    expect(lookups.some((lookup) => lookup.availability.status === "unknown")).toBe(true);
  });

  it("starts each attempt's timeout when it is sent, not while it waits for a connection", async () => {
    // One connection, four lookups of 150 ms: the last waits 450 ms, longer than its 400 ms timeout.
    const { key, marketplace } = marketplaceFor("paced", { concurrency: 1, timeoutMs: 400, totalBudgetMs: 3_000 });
    const started = Date.now();
    const lookups = await lookupMany(TEN.slice(0, 4), { marketplace, log: () => {} });
    expect(lookups.map((lookup) => lookup.availability.status)).toEqual(["known", "known", "known", "known"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * PACED_MS);
    expect(await stats(key)).toMatchObject({ peakWaiting: 1, capRejected: 0 });
  });

  it("counts the wait in the lookup's budget and says honestly that Blocket was never asked", async () => {
    // One connection, ten lookups of 150 ms against a 1 s budget: about six answered, the last ones never
    // sent. The first answer has 950 ms, room for a fake slowed by a loaded machine (400 ms was not).
    const { key, marketplace } = marketplaceFor("paced", { concurrency: 1, timeoutMs: 950, totalBudgetMs: 1_000, retries: 0 });
    const started = Date.now();
    const lookups = await lookupMany(TEN, { marketplace, log: () => {} });
    // Cut short by the budget: one after another they would take 10 × 150 ms.
    expect(Date.now() - started).toBeLessThan(TEN.length * PACED_MS);
    const known = lookups.filter((lookup) => lookup.availability.status === "known");
    const queued = lookups.filter((lookup) => lookup.availability.status === "unknown" && lookup.availability.detail === "queued");
    expect(known.length).toBeGreaterThanOrEqual(1);
    expect(queued.length).toBeGreaterThanOrEqual(3);
    for (const lookup of queued) expect(lookup.availability).toMatchObject({ status: "unknown", reason: "timeout" });
    // Every lookup is accounted for, none threw, and the queued ones never reached Blocket.
    expect(lookups).toHaveLength(TEN.length);
    expect((await recorded(key)).length).toBeLessThanOrEqual(TEN.length - queued.length);
  });

  it("binds a view to one request's slots, and keeps that binding when asked again", () => {
    const { marketplace } = marketplaceFor("ok");
    const request = marketplace.forRequest();
    expect(request.forRequest()).toBe(request);
    expect(marketplace.forRequest()).not.toBe(request);
    const local = createMarketplace({ source: "local" });
    expect(local.forRequest()).toBe(local);
  });
});
