/**
 * A fake OpenAI-compatible server (Chat Completions wire format, JSON and SSE streaming) for tests,
 * the benchmark and the load script. It listens on 127.0.0.1:0, simulates time to first token and
 * a token rate, honours `max_completion_tokens` (cuts the content, finish_reason "length") and
 * writes deterministic Swedish content from the facts the grounded engine sends.
 *
 * The behaviour is chosen by the request's `model`, "<mode>" or "<mode>/<key>"; the key groups
 * recorded requests (and open connections) so that parallel tests never read each other's. Modes:
 *   ok                 valid answers
 *   rate-limited       first request per key: 429 + Retry-After (options.retryAfterSeconds), then ok
 *   rate-limited-long  every request: 429 + Retry-After: 120
 *   quota              every request: 429 with OpenAI's insufficient_quota body (no Retry-After)
 *   quota-texts        as "ok", except that every car-texts request meets "quota" (the quota running
 *                      out mid-create)
 *   empty-length       every answer empty and cut at the limit: finish_reason "length", content "",
 *                      usage counting all of max_completion_tokens as reasoning tokens (a model that
 *                      reasons past the allowance despite reasoning_effort)
 *   server-error       every request: 500
 *   slow               answers after options.slowMs (past any sane client timeout)
 *   paced              every answer takes options.pacedMs, however short (for queueing tests)
 *   malformed          200 with message content cut in half (not JSON)
 *   malformed-body     200 whose HTTP body (or SSE event) is not JSON
 *   schema             schema-violating content, valid once the request carries a repair turn
 *   details-error      ok, except that every car-texts request for rank 3 answers 500
 *   rogue              the shortlist names a car outside the candidates and repeats a pick
 *   few                the shortlist has only 3 picks, whatever was asked
 *   contradict         car texts that contradict the facts (four-wheel drive on a front-wheel-drive
 *                      car, seven seats in a five-seater, diesel in a petrol car, an invented tax)
 *   read-*             the reading call's modes (agree, disagree, invent, obey, empty, schema, refuse; see
 *                      ./openai-reading.ts); other calls answer as in "ok"
 *   stall              every streamed answer sends its first token, then nothing until the client
 *                      hangs up (an upstream that stops mid-answer)
 *   stall-texts        the shortlist as "ok"; every car-texts answer stalls after its first token
 *   retired            a model that was shut down: every request 404 model_not_found, as is
 *                      GET /v1/models/<model>
 *   deprecated         as "ok", but GET /v1/models/<model> announces a shutdown_date 30 days away
 * Any other model name behaves like "ok". POST /v1/chat/completions and GET /v1/models/<model> (200
 * with a model object, or 404 in "retired") are served; every other request is recorded as
 * unexpected and answered 404. A response_format whose schema uses a keyword outside OpenAI's strict
 * subset is refused with 400, as OpenAI may refuse it.
 *
 * Workers' connection cap: the fake counts, per key, requests still waiting for their response
 * headers and requests open at all (`/__fake/stats?key=`). Workers count a connection toward their
 * six only until its headers arrive (since 2026-04-09); with `options.connectionRule` or a header
 * `x-fake-connection-rule: whole-call` the fake counts whole connections instead (the older rule).
 * With `options.connectionCap`, or a request header `x-fake-connection-cap: N`, a request arriving
 * while N of the same key count (after a 30 ms grace for a close still in flight) is refused with
 * 500 "connection_cap_exceeded" and recorded, so a test proves the engine never needs more.
 * Streamed answers send their headers with the first token (after the simulated TTFT), not at once.
 *
 * Requests are told apart by the response_format's json_schema name ("advice_shortlist",
 * "advice_car_texts", "buyer_reading", or "advice_single_call" for the benchmark's baseline) and read from the
 * first ```json block of the first user message. Plain Node, no dependencies beyond one app helper:
 * the benchmark and the load script run it with Node's type stripping.
 */
import { type ConnectionStats, connectionStatsByKey, countConnection } from "./connection-stats.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { seededRandom } from "../../app/lib/seeded-random.ts";
import { READING_MODES, readingContent } from "./openai-reading.ts";

export type FakeOpenAIOptions = {
  /** Simulated time to first token, ms. */
  ttftMs?: number;
  /** Simulated output rate. */
  tokensPerSecond?: number;
  /** Delay of the "slow" mode, ms. */
  slowMs?: number;
  /** Duration of every answer in the "paced" mode, ms. */
  pacedMs?: number;
  /** Retry-After of the "rate-limited" mode, seconds. */
  retryAfterSeconds?: number;
  /** Refuse a request while this many of the same key count toward the cap (default: only per header). */
  connectionCap?: number;
  /** What counts toward the cap: "headers" (default, Workers today) or "whole-call". */
  connectionRule?: ConnectionRule;
};

type ConnectionRule = "headers" | "whole-call";

type RecordedRequest = {
  seq: number;
  /** Date.now() when the request arrived. */
  at: number;
  method: string;
  path: string;
  model: string;
  mode: string;
  key: string;
  schemaName: string | undefined;
  stream: boolean;
  /** True when the conversation already holds an assistant turn (a repair request). */
  repair: boolean;
  /** What the client sent as max_completion_tokens (undefined: it sent none). */
  maxCompletionTokens: number | undefined;
  status: number;
  /** The message content we answered with, when we answered with one. */
  responseContent?: string;
  /** How much of it reached the client (less than all when a stream was closed early). */
  sentChars?: number;
  finishReason?: "stop" | "length";
  /** Refused because the key already had its cap of open requests. */
  capExceeded?: boolean;
  body: unknown;
};

export type FakeOpenAI = {
  url: string;
  requests: RecordedRequest[];
  unexpected: RecordedRequest[];
  stats(key: string): ConnectionStats;
  /**
   * Answers every later request in this mode whatever its model says (undefined: the model's own
   * again), so one served app can meet a failing upstream without being restarted with another model.
   */
  setMode(mode: string | undefined): void;
  close(): Promise<void>;
};

/** Rough tokens for JSON with Swedish text (cl100k/o200k average about four characters). */
export const CHARS_PER_TOKEN = 4;

// ---------------------------------------------------------------------------------------------
// What the engine sends (openai-prompts.server.ts: shortlistView / detailsView), as far as we read it

type CandidateFacts = {
  id: string;
  name: string;
  shortName?: string;
  body: string;
  bootLitres: number | null;
  fuel: string;
  drivetrain: string;
  seats: string;
  powerHp: number;
  towingKg: number;
  rangeMil?: number;
  consumption: string;
  ncap: string | null;
  sharedScore: number;
  ratings?: Record<string, number>;
  strength?: string;
  knownFlaw?: string;
  meetsRequirements?: string[];
  partlyMeets?: string[];
  strengths?: string[];
  knownFlaws?: string[];
  reliabilityNotes?: string[];
};

type Payload = { count?: number; rank?: number; tagline?: string; candidates?: CandidateFacts[]; car?: CandidateFacts; wish?: string };

// ---------------------------------------------------------------------------------------------
// Deterministic content from the facts

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const short = (car: CandidateFacts) => car.shortName ?? car.name.split(" ").slice(1).join(" ");
const fits = (text: string, max: number) => text.length <= max;

function taglineFor(car: CandidateFacts): string {
  const tagline = `${short(car)}: ${car.fuel} med ${car.drivetrain}`;
  return tagline.length <= 80 ? tagline : `${short(car).slice(0, 50)}: ${car.drivetrain}`;
}

type Pick = { id: string; overall: number; tagline: string };

function shortlistFor(payload: Payload, seed: string): Pick[] {
  const candidates = payload.candidates ?? [];
  const rand = seededRandom(seed);
  // The "model" mostly agrees with the shared score but reorders close calls, as a model would.
  return candidates
    .map((car) => ({ car, score: car.sharedScore + (rand() - 0.5) * 8 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, Math.max(1, payload.count ?? 10))
    .map(({ car, score }) => ({ id: car.id, overall: Math.max(0, Math.min(99, Math.round(score))), tagline: taglineFor(car) }));
}

/** An id that is no candidate: a real catalogue variant when it was not sent, else a made-up one. */
const ROGUE_IDS = ["volvo-v60-ii-t8-awd", "tesla-model-3-long-range-awd", "made-up-dream-car-9000"];

function rogueShortlist(picks: Pick[], payload: Payload): Pick[] {
  const sent = new Set((payload.candidates ?? []).map((car) => car.id));
  const rogue = ROGUE_IDS.find((id) => !sent.has(id)) ?? "made-up-dream-car-9000";
  const first = picks[0];
  if (!first) return picks;
  return [
    { ...first, id: rogue, tagline: "En bil som inte fanns bland kandidaterna" },
    first,
    { ...first, tagline: "Samma bil en gång till" },
    ...picks.slice(1, -2),
  ];
}

type Texts = { whyItFits: string; deepDive: string; commonFlaws: string; pros: string[]; cons: string[] };

/** Adds sentences in order while the text stays within `max` characters. */
function within(sentences: readonly string[], max: number): string {
  let text = "";
  for (const sentence of sentences) if (fits(`${text} ${sentence}`.trim(), max)) text = `${text} ${sentence}`.trim();
  return text;
}

/**
 * Texts as a grounded model would write them: every sentence from the facts sent, most of them
 * naming the car (so no two cars share a sentence), each fact used once per car, and about as long
 * as the prompt asks, which is what makes the benchmark's token counts honest.
 */
function textsFor(car: CandidateFacts): Texts {
  const name = short(car);
  const meets = car.meetsRequirements ?? [];
  const strengths = (car.strengths ?? [car.strength ?? ""]).filter((text) => text.length > 0);
  const flaws = (car.knownFlaws ?? [car.knownFlaw ?? ""]).filter((text) => text.length > 0);
  const awd = car.drivetrain === "fyrhjulsdrift";
  const plugIn = car.rangeMil !== undefined;

  const whyItFits = within(
    [
      meets.length > 0 ? `${car.name} uppfyller dina krav: ${meets.join(", ")}.` : `${car.name} är en ${car.fuel} med ${car.drivetrain} och ${car.powerHp} hk.`,
      `${name} har ${car.seats} och ${car.bootLitres === null ? "ett öppet flak" : `${car.bootLitres} liter bagage som ${car.body}`}.`,
      `Det gör ${name} till ett av de bästa valen bland bilarna som klarar alla dina krav.`,
    ],
    680,
  );

  const deepDive = within(
    [
      `Som ${car.body} med ${car.drivetrain} och ${car.powerHp} hk är ${name} en bil som passar svensk vardag väl.`,
      awd
        ? `Fyrhjulsdriften i ${name} ger gott grepp på snö och is, och med bra vinterdäck klarar den backar och oplogade vägar.`
        : `Med bra vinterdäck klarar ${name} svenska vintrar, men ${car.drivetrain}en kräver lite mer försiktighet i isiga backar.`,
      plugIn
        ? `Räckvidden för ${name} på cirka ${car.rangeMil} mil krymper märkbart i kyla, så ladda hemma och förvärm kupén via appen.`
        : `Förbrukningen för ${name} ligger runt ${car.consumption} i blandad körning.`,
      car.ncap ? `Euro NCAP gav ${name} ${car.ncap}.` : `${name} saknar resultat i Euro NCAP.`,
      car.towingKg > 0 ? `${name} får dra ${car.towingKg} kg bromsat släp.` : `${name} är inte godkänd för att dra släp.`,
      ...(car.reliabilityNotes ?? []),
      ...strengths.slice(2),
      `Leta efter en ${name} med fullständig servicebok och gärna två hjulsatser, och kontrollera registreringsnumret hos Transportstyrelsen före köpet.`,
      `En provkörning av ${name} på både landsväg och i stadstrafik avslöjar det mesta om växellåda, bromsar och hjulupphängning.`,
    ],
    1_400,
  );

  const commonFlaws = within(
    [...flaws.slice(0, 2), `Be säljaren av ${name} om kvitton på större reparationer och titta under bilen efter rost från vägsalt.`],
    680,
  );

  const pros = [...strengths.slice(0, 2).filter((text) => fits(text, 160)), `${name} har ${car.powerHp} hk och drar ${car.consumption}.`];
  const cons = [
    ...(car.partlyMeets ?? []).map((wish) => `Önskemålet om ${wish} uppfyller ${name} bara delvis.`),
    ...flaws.slice(2, 3).filter((text) => fits(text, 160)),
    `Reservdelar till ${name} kan ta några dagar att få hem utanför storstäderna.`,
  ].slice(0, 4);
  if (pros.length < 2) pros.push(`${name} är lätt att hitta begagnad med servicehistorik.`);
  return { whyItFits, deepDive, commonFlaws, pros, cons: cons.length < 2 ? [...cons, `${name} är ingen bil för den som vill sticka ut.`] : cons };
}

/** Claims the facts rule out, so tests can show the pipeline's guards remove them. */
function contradicting(car: CandidateFacts, texts: Texts): Texts {
  const name = short(car);
  const claims = [
    car.drivetrain !== "fyrhjulsdrift" ? `${name} har fyrhjulsdrift som standard.` : null,
    !/^[67] säten|^[89] säten/.test(car.seats) ? `${name} har sju säten.` : null,
    !/diesel/i.test(car.fuel) ? `${name} går på snål diesel.` : null,
    `Skatten för ${name} är bara 1 kr per år.`,
  ].filter((claim): claim is string => claim !== null);
  return { ...texts, whyItFits: within([...claims, texts.whyItFits], 690), pros: [...claims.slice(0, 1), ...texts.pros].slice(0, 5) };
}

// ---------------------------------------------------------------------------------------------
// Wire format

type ChatMessage = { role?: string; content?: unknown };
type ChatRequest = {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_completion_tokens?: number;
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
};

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  return "";
}

function parsePayload(messages: ChatMessage[]): Payload {
  const user = messages.find((message) => message.role === "user");
  const match = /```json\s*([\s\S]*?)```/.exec(textOf(user?.content));
  if (!match?.[1]) return {};
  try {
    const value: unknown = JSON.parse(match[1]);
    return typeof value === "object" && value !== null ? (value as Payload) : {};
  } catch {
    return {};
  }
}

function contentFor(schemaName: string | undefined, mode: string, repair: boolean, payload: Payload): string | undefined {
  const violate = mode === "schema" && !repair;
  const seed = JSON.stringify(payload.candidates?.map((car) => car.id) ?? payload.car?.id ?? "");
  switch (schemaName) {
    case "advice_shortlist": {
      let picks = shortlistFor(payload, seed);
      if (mode === "rogue") picks = rogueShortlist(picks, payload);
      if (mode === "few") picks = picks.slice(0, 3);
      // Wrong envelope and no "id" in any pick: nothing the engine can use, so it repairs once.
      return JSON.stringify(violate ? { cars: picks.map(({ id, ...rest }) => ({ variantId: id, ...rest })) } : { picks });
    }
    case "advice_car_texts": {
      if (!payload.car) return undefined;
      let texts: Record<string, unknown> = textsFor(payload.car);
      if (mode === "contradict") texts = contradicting(payload.car, texts as Texts);
      if (violate) {
        texts.pros = [];
        delete texts.deepDive;
      }
      return JSON.stringify(texts);
    }
    case "buyer_reading":
      return typeof payload.wish === "string" ? readingContent(mode, repair, payload.wish) : undefined;
    case "advice_single_call": {
      const byId = new Map((payload.candidates ?? []).map((car) => [car.id, car]));
      const picks = shortlistFor(payload, seed).map((pick) => ({ ...pick, ...textsFor(byId.get(pick.id) as CandidateFacts) }));
      return JSON.stringify({ picks });
    }
    default:
      return undefined;
  }
}

const MODES = new Set([
  "ok",
  "rate-limited",
  "rate-limited-long",
  "quota",
  "quota-texts",
  "empty-length",
  "server-error",
  "slow",
  "paced",
  "malformed",
  "malformed-body",
  "schema",
  "details-error",
  "rogue",
  "few",
  "contradict",
  ...READING_MODES,
  "stall",
  "stall-texts",
  "retired",
  "deprecated",
]);

/**
 * What OpenAI documents for strict structured outputs (type, structure, and the type-specific
 * pattern/format, multipleOf/minimum/maximum, minItems/maxItems); anything else may be refused.
 */
const STRICT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "pattern",
  "format",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);

/** Keywords outside the strict subset, with where they sit ("$.properties.tagline.minLength"). */
export function unsupportedKeywords(schema: unknown, path = "$"): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (!STRICT_KEYWORDS.has(key)) found.push(`${path}.${key}`);
    else if (key === "properties" || key === "$defs" || key === "definitions") {
      for (const [name, child] of Object.entries((value ?? {}) as Record<string, unknown>)) found.push(...unsupportedKeywords(child, `${path}.${key}.${name}`));
    } else if (key === "items" || key === "additionalProperties") found.push(...unsupportedKeywords(value, `${path}.${key}`));
    else if (key === "anyOf" && Array.isArray(value)) value.forEach((child, index) => found.push(...unsupportedKeywords(child, `${path}.anyOf.${index}`)));
  }
  return found;
}

function parseModel(model: string): { mode: string; key: string } {
  const [mode = "", ...rest] = model.split("/");
  return MODES.has(mode) ? { mode, key: rest.join("/") || mode } : { mode: "ok", key: model };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function apiError(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

function emptyRecord(method: string, path: string, model: string, parsed: { mode: string; key: string }): RecordedRequest {
  return {
    seq: 0,
    at: Date.now(),
    method,
    path,
    model,
    mode: parsed.mode,
    key: parsed.key,
    schemaName: undefined,
    stream: false,
    repair: false,
    maxCompletionTokens: undefined,
    status: 0,
    body: null,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const ttftMs = options.ttftMs ?? 500;
  const tokensPerSecond = options.tokensPerSecond ?? 80;
  const slowMs = options.slowMs ?? 60_000;
  const pacedMs = options.pacedMs ?? 150;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const requests: RecordedRequest[] = [];
  const unexpected: RecordedRequest[] = [];
  const seenKeys = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let seq = 0;
  let completionId = 0;
  let forcedMode: string | undefined;

  const statsFor = connectionStatsByKey();

  /** Resolves after `ms`, or early (false) if the client went away. */
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off("close", onClose);
        resolve(true);
      }, ms);
      const onClose = () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      timers.add(timer);
      res.once("close", onClose);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const query = new URL(req.url ?? "/", "http://fake").searchParams;

    // Control endpoints for tests running in workerd, which cannot see this process's memory.
    if (req.method === "GET" && path === "/__fake/requests") {
      const key = query.get("key");
      return sendJson(res, 200, key ? requests.filter((r) => r.key === key) : requests);
    }
    if (req.method === "GET" && path === "/__fake/stats") return sendJson(res, 200, statsFor(query.get("key") ?? ""));
    if (req.method === "GET" && path === "/__fake/unexpected") return sendJson(res, 200, unexpected);

    const text = await readBody(req);
    let body: ChatRequest = {};
    try {
      body = text ? (JSON.parse(text) as ChatRequest) : {};
    } catch {
      body = {};
    }
    const model = typeof body.model === "string" ? body.model : "";
    const parsed = parseModel(model);
    const { key } = parsed;
    const mode = forcedMode ?? parsed.mode;
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const record: RecordedRequest = {
      seq: ++seq,
      at: Date.now(),
      method: req.method ?? "",
      path,
      model,
      mode,
      key,
      schemaName: body.response_format?.json_schema?.name,
      stream: body.stream === true,
      repair: messages.some((message) => message.role === "assistant"),
      maxCompletionTokens: typeof body.max_completion_tokens === "number" ? body.max_completion_tokens : undefined,
      status: 0,
      body,
    };

    if (req.method === "GET" && path.startsWith("/v1/models/")) {
      const id = decodeURIComponent(path.slice("/v1/models/".length));
      const probe = parseModel(id);
      const record: RecordedRequest = { ...emptyRecord(req.method, path, id, probe), seq: ++seq };
      requests.push(record);
      record.status = probe.mode === "retired" ? 404 : 200;
      if (probe.mode === "retired")
        return sendJson(res, 404, apiError(`The model '${id}' does not exist`, "invalid_request_error", "model_not_found", "model"));
      // "deprecated": a retirement announced for 30 days from now, as OpenAI's model object says it.
      const shutdown = probe.mode === "deprecated" ? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) : null;
      return sendJson(res, 200, { id, object: "model", created: 1_760_000_000, owned_by: "system", shutdown_date: shutdown });
    }

    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      record.status = 404;
      unexpected.push(record);
      return sendJson(res, 404, apiError(`Unknown request to ${req.method} ${path}`, "invalid_request_error", null));
    }
    requests.push(record);
    const respond = (status: number, payload: unknown, headers?: Record<string, string>) => {
      record.status = status;
      sendJson(res, status, payload, headers);
    };

    // Waiting from arrival until the headers are written; open until the response ends or the
    // client hangs up. `writeHead` is wrapped so every path below (errors, streams, JSON) counts.
    const stats = statsFor(key);
    const header = Number(req.headers["x-fake-connection-cap"]);
    const cap = Number.isInteger(header) && header > 0 ? header : options.connectionCap;
    const rule: ConnectionRule = req.headers["x-fake-connection-rule"] === "whole-call" ? "whole-call" : (options.connectionRule ?? "headers");
    const counted = () => (rule === "headers" ? stats.waiting : stats.open);
    // A client that just hung up on another call may still count for a moment; give it 30 ms.
    if (cap !== undefined && counted() >= cap) await wait(30, res);
    if (cap !== undefined && counted() >= cap) {
      stats.capRejected += 1;
      record.capExceeded = true;
      return respond(500, apiError(`Fake: more than ${cap} simultaneous connections for ${key}`, "server_error", "connection_cap_exceeded"));
    }
    countConnection(res, stats);

    if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
      return respond(401, apiError("You didn't provide an API key.", "invalid_request_error", "invalid_api_key"));
    }
    if (mode === "retired") {
      // OpenAI's answer for a model that does not exist (or no longer does) for this key.
      return respond(404, apiError(`The model \`${model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found"));
    }
    const unsupported = body.response_format?.json_schema?.strict ? unsupportedKeywords(body.response_format.json_schema.schema) : [];
    if (unsupported.length > 0) {
      return respond(
        400,
        apiError(
          `Invalid schema for response_format '${record.schemaName}': ${unsupported.join(", ")} is not permitted.`,
          "invalid_request_error",
          "invalid_json_schema",
          "response_format",
        ),
      );
    }
    if (mode === "quota" || (mode === "quota-texts" && record.schemaName === "advice_car_texts")) {
      return respond(429, apiError("You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", "insufficient_quota"));
    }
    if (mode === "rate-limited-long") {
      return respond(429, apiError("Rate limit reached for requests", "requests", "rate_limit_exceeded"), { "retry-after": "120" });
    }
    if (mode === "rate-limited" && !seenKeys.has(key)) {
      seenKeys.add(key);
      return respond(429, apiError("Rate limit reached for requests", "requests", "rate_limit_exceeded"), {
        "retry-after": String(retryAfterSeconds),
      });
    }
    if (mode === "server-error") {
      return respond(500, apiError("The server had an error while processing your request.", "server_error", null));
    }
    if (mode === "slow" && !(await wait(slowMs, res))) return;

    const payload = parsePayload(messages);
    if (mode === "details-error" && record.schemaName === "advice_car_texts" && payload.rank === 3) {
      return respond(500, apiError("The server had an error while processing your request.", "server_error", null));
    }
    const refusal = mode === "read-refuse" && record.schemaName === "buyer_reading";
    let content = refusal ? "" : contentFor(record.schemaName, mode, record.repair, payload);
    if (content === undefined) {
      return respond(400, apiError("Unsupported response_format for this fake", "invalid_request_error", null));
    }
    if (mode === "malformed") content = content.slice(0, Math.floor(content.length / 2));
    // A real model stops at max_completion_tokens, mid-JSON if need be.
    let finishReason: "stop" | "length" = "stop";
    if (record.maxCompletionTokens !== undefined && content.length > record.maxCompletionTokens * CHARS_PER_TOKEN) {
      content = content.slice(0, record.maxCompletionTokens * CHARS_PER_TOKEN);
      finishReason = "length";
    }
    // Reasoning took the whole allowance: nothing written, cut at the limit (OpenAI sends "" then "length").
    const reasoningTokens = mode === "empty-length" ? (record.maxCompletionTokens ?? 0) : 0;
    if (mode === "empty-length") {
      content = "";
      finishReason = "length";
    }
    record.responseContent = content;
    record.finishReason = finishReason;

    const completionTokens = Math.ceil(content.length / CHARS_PER_TOKEN) + reasoningTokens;
    const promptTokens = Math.ceil(JSON.stringify(messages).length / CHARS_PER_TOKEN);
    const id = `chatcmpl-fake${++completionId}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      completion_tokens_details: { reasoning_tokens: reasoningTokens },
    };
    const paced = mode === "paced";

    if (record.stream) {
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
      // Headers with the first token: until then the call counts toward Workers' cap.
      if (!(await wait(paced ? pacedMs : ttftMs, res))) return;
      record.status = 200;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      if (mode === "malformed-body") {
        res.end(`data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":\n\n`);
        return;
      }
      res.write(chunk({ role: "assistant", content: "", refusal: null }, null));
      if (refusal) {
        res.write(chunk({ refusal: "Jag kan tyvärr inte hjälpa till med det." }, null));
        res.write(chunk({}, "stop"));
        res.end("data: [DONE]\n\n");
        return;
      }
      if (mode === "stall" || (mode === "stall-texts" && record.schemaName === "advice_car_texts")) {
        // One token, then silence with the connection open, until the client gives up.
        record.sentChars = Math.min(CHARS_PER_TOKEN, content.length);
        res.write(chunk({ content: content.slice(0, record.sentChars) }, null));
        await new Promise<void>((resolve) => res.once("close", resolve));
        return;
      }
      const started = Date.now();
      let sent = 0;
      while (sent < content.length) {
        if (paced) {
          sent = content.length;
          res.write(chunk({ content }, null));
          break;
        }
        if (!(await wait(25, res))) return;
        const due = Math.min(content.length, Math.floor(((Date.now() - started) / 1000) * tokensPerSecond * CHARS_PER_TOKEN));
        if (due > sent) {
          res.write(chunk({ content: content.slice(sent, due) }, null));
          sent = due;
          record.sentChars = sent;
        }
      }
      record.sentChars = sent;
      res.write(chunk({}, finishReason));
      if (body.stream_options?.include_usage) {
        res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
      }
      res.end("data: [DONE]\n\n");
      return;
    }

    if (!(await wait(paced ? pacedMs : ttftMs + (completionTokens / tokensPerSecond) * 1000, res))) return;
    if (mode === "malformed-body") {
      record.status = 200;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"id":"${id}","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":`);
      return;
    }
    record.sentChars = content.length;
    respond(200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null, annotations: [] }, logprobs: null, finish_reason: finishReason }],
      usage,
      system_fingerprint: "fp_fake",
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, apiError(String(error), "server_error", null));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    stats: (key) => ({ ...statsFor(key) }),
    setMode: (mode) => {
      if (mode !== undefined && !MODES.has(mode)) throw new Error(`Unknown fake OpenAI mode: ${mode}`);
      forcedMode = mode;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
