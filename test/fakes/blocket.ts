/**
 * A fake Blocket car search (the current Vend API and its
 * example bodies) for tests and the benchmark. It listens on 127.0.0.1:0 and serves
 * `GET /mobility/search/api/search/SEARCH_ID_CAR_USED` from a small deterministic inventory
 * (test/fakes/blocket-inventory.ts), honouring the documented filters: `variant` (make, series or
 * model codes, ORed), `q`, `price_*`, `year_*`, `mileage_*` (in mil), `sales_form`,
 * `dealer_segment`, `fuel`, `wheel_drive`, `transmission`, `body_type`, `car_equipment` (23 =
 * dragkrok, from each ad's equipment, which the answer does not carry), `page` (50 per page), and
 * echoes each applied filter in `selected_filters` by parameter name. Like the real API it
 * silently ignores unknown parameters, echoes an unknown variant code as its raw display name
 * with an unfiltered count, and treats `q` fuzzily (ignored next to a variant).
 *
 * Tests select behaviour with a path prefix on the base URL, `/__mode/<mode>/<key>`, so the
 * adapter runs unchanged and parallel files never read each other's requests. Modes:
 *   ok          normal answers
 *   paced       normal answers after options.pacedMs (for connection and queueing tests)
 *   zero        no hits (§6b)
 *   429         first request per key: 429 + Retry-After (options.retryAfterSeconds), then ok
 *   429-long    every request: 429 + Retry-After: 30 with an HTML body
 *   500         every request: 500
 *   500-once    first request per key: 500, then ok
 *   slow        answers after options.slowMs (past any sane client timeout)
 *   malformed   200 with an HTML body
 *   wrong-shape 200 with JSON that is not the search envelope
 *   partial     200 with §6c-style partial ads (no result_size, string price, km unit, junk doc),
 *               but the variant echoed properly so the adapter uses what it can read
 *   lenient     normal answers from a Blocket that silently drops year, mileage and equipment
 *               filters (neither applied nor echoed): ads outside the window, ads without towbar
 *   around      like lenient, for any car: six ads built around the request's window, three
 *               outside its years or mileage (see `around` in blocket-inventory.ts)
 *   price-cap   normal answers from a Blocket whose price filter stops at 700 000 kr: higher
 *               `price_from`/`price_to` values are clamped to it but echoed as sent (PRICE_CAP)
 * Without a prefix the mode is "ok" and the key "default". Every other path is recorded as
 * unexpected and answered 404. `GET /__fake/requests?key=`, `/__fake/unexpected` and
 * `/__fake/stats?key=` return what was received. `POST /__fake/list-later?key=K&name=value…` plays
 * time passing in the "around" mode: from then on, K's searches carrying every given parameter
 * (e.g. a watch's own `price_to`) list two ads published since (see `around`).
 *
 * Workers' connection cap: per key, the fake counts requests
 * waiting for their response headers (what Workers count toward their six since 2026-04-09) and
 * requests open at all. With `options.connectionCap`, or a request header `x-fake-connection-cap:
 * N`, a request arriving while N of its key wait for headers (after a 30 ms grace for one just
 * answered) is refused with 503 "connection_cap_exceeded" and counted, where Workers would queue it
 * silently, so a test proves the adapter never needs a seventh. Plain Node, no dependencies: the
 * benchmark runs it with type stripping.
 */
import { type ConnectionStats, connectionStatsByKey, countConnection } from "./connection-stats.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { around, displayNameOf, FAKE_SEARCH_PATH, LENIENT, PRICE_CAP, partial, search } from "./blocket-inventory.ts";

export type FakeBlocketOptions = {
  /** Simulated latency of every answer, ms (the benchmark's upstream delay). */
  delayMs?: number;
  /** Delay of the "slow" mode, ms. */
  slowMs?: number;
  /** Latency of the "paced" mode, ms. */
  pacedMs?: number;
  /** Retry-After of the "429" mode, seconds. */
  retryAfterSeconds?: number;
  /** Refuse a request while this many of the same key wait for headers (default: only per header). */
  connectionCap?: number;
};

type RecordedBlocketRequest = {
  seq: number;
  at: number;
  mode: string;
  key: string;
  path: string;
  /** The query string exactly as received, in order. */
  search: string;
  /** Every parameter with all its values. */
  params: Record<string, string[]>;
  /** The request's User-Agent and Accept headers, as a WAF would see them. */
  userAgent: string | undefined;
  accept: string | undefined;
  status: number;
  /** Refused because the key already had its cap of connections waiting for headers. */
  capExceeded?: boolean;
};

export type FakeBlocket = {
  url: string;
  requests: RecordedBlocketRequest[];
  unexpected: RecordedBlocketRequest[];
  stats(key: string): ConnectionStats;
  close(): Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(body);
}

export async function startFakeBlocket(options: FakeBlocketOptions = {}): Promise<FakeBlocket> {
  const delayMs = options.delayMs ?? 0;
  const slowMs = options.slowMs ?? 10_000;
  const pacedMs = options.pacedMs ?? 150;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const requests: RecordedBlocketRequest[] = [];
  const unexpected: RecordedBlocketRequest[] = [];
  const seenKeys = new Map<string, number>();
  const listedLater = new Map<string, URLSearchParams[]>();
  let seq = 0;

  const statsFor = connectionStatsByKey();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/__fake/requests") {
      const key = url.searchParams.get("key");
      return send(res, 200, JSON.stringify(requests.filter((request) => key === null || request.key === key)));
    }
    if (req.method === "GET" && url.pathname === "/__fake/unexpected") return send(res, 200, JSON.stringify(unexpected));
    if (req.method === "GET" && url.pathname === "/__fake/stats") return send(res, 200, JSON.stringify(statsFor(url.searchParams.get("key") ?? "")));
    if (req.method === "POST" && url.pathname === "/__fake/list-later") {
      const match = new URLSearchParams(url.searchParams);
      const forKey = match.get("key") ?? "default";
      match.delete("key");
      listedLater.set(forKey, [...(listedLater.get(forKey) ?? []), match]);
      return send(res, 200, JSON.stringify({ ok: true }));
    }

    const prefixed = /^\/__mode\/([^/]+)\/([^/]+)(\/.*)$/.exec(url.pathname);
    const mode = prefixed?.[1] ?? "ok";
    const key = prefixed?.[2] ?? "default";
    const path = prefixed?.[3] ?? url.pathname;
    const params: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) (params[name] ??= []).push(value);
    const record: RecordedBlocketRequest = {
      seq: ++seq,
      at: Date.now(),
      mode,
      key,
      path,
      search: url.search,
      params,
      userAgent: req.headers["user-agent"],
      accept: req.headers.accept,
      status: 0,
    };

    if (req.method !== "GET" || path !== FAKE_SEARCH_PATH) {
      record.status = path.startsWith("/mobility/search/api/search/") ? 400 : 404;
      unexpected.push(record);
      return send(res, record.status, JSON.stringify({ error: "unexpected request" }));
    }
    requests.push(record);
    const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, headers);
    };

    // Waiting from arrival until the headers are written; open until the response ends or the
    // client hangs up. `writeHead` is wrapped so every answer below counts.
    const stats = statsFor(key);
    const header = Number(req.headers["x-fake-connection-cap"]);
    const cap = Number.isInteger(header) && header > 0 ? header : options.connectionCap;
    // A client that just got its headers may not have been counted out yet; give it 30 ms.
    if (cap !== undefined && stats.waiting >= cap) await wait(30);
    if (cap !== undefined && stats.waiting >= cap) {
      stats.capRejected += 1;
      record.capExceeded = true;
      return reply(503, JSON.stringify({ error: "connection_cap_exceeded", message: `Fake: more than ${cap} connections waiting for headers for ${key}` }));
    }
    countConnection(res, stats);

    const count = (seenKeys.get(key) ?? 0) + 1;
    seenKeys.set(key, count);
    if (delayMs > 0) await wait(delayMs);

    const html = { "content-type": "text/html; charset=utf-8" };
    switch (mode) {
      case "paced":
        await wait(pacedMs);
        break;
      case "zero":
        return reply(
          200,
          JSON.stringify({
            docs: [],
            filters: [],
            metadata: {
              search_key: "SEARCH_ID_CAR_USED",
              sort: "PUBLISHED_DESC",
              num_results: 0,
              result_size: { match_count: 0, group_count: 0 },
              paging: { param: "page", current: 1, last: 1 },
              is_end_of_paging: true,
              selected_filters: url.searchParams.getAll("variant").map((code) => ({
                filter_name: "variant",
                display_name: displayNameOf(code),
                parameters: [{ parameter_name: "variant", parameter_value: code }],
              })),
            },
          }),
        );
      case "429":
        if (count === 1) return reply(429, "", { "retry-after": String(retryAfterSeconds), ...html });
        break;
      case "429-long":
        return reply(429, "<!doctype html><title>Too Many Requests</title>", { "retry-after": "30", ...html });
      case "500":
        return reply(500, "<!doctype html><title>Internal Server Error</title>", html);
      case "500-once":
        if (count === 1) return reply(500, "<!doctype html><title>Internal Server Error</title>", html);
        break;
      case "slow":
        await wait(slowMs);
        break;
      case "malformed":
        return reply(200, "<!doctype html><html lang=sv><body>Blocket</body></html>", html);
      case "wrong-shape":
        return reply(200, JSON.stringify({ docs: "none", metadata: null }));
      case "partial":
        return reply(200, JSON.stringify(partial(url.searchParams)));
      case "lenient":
        return reply(200, JSON.stringify(search(url.searchParams, LENIENT)));
      case "around": {
        const later = (listedLater.get(key) ?? []).some((match) => [...match].every(([name, value]) => url.searchParams.getAll(name).includes(value)));
        return reply(200, JSON.stringify(around(url.searchParams, { listedLater: later })));
      }
      case "price-cap":
        return reply(200, JSON.stringify(search(url.searchParams, PRICE_CAP)));
    }
    return reply(200, JSON.stringify(search(url.searchParams)));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, JSON.stringify({ error: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    stats: statsFor,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
