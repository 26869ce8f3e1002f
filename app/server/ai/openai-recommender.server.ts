import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { formatMil, formatNumber, formatSek, formatSekRange } from "#app/lib/format";
import {
  type CarSuggestion,
  CarSuggestionSchema,
  OwnershipCostSchema,
  type RecommendationRequest,
} from "#app/lib/recommendation";
import { CAR_TYPES, type CarType, SELLER_TYPES } from "#app/lib/search-form";
import { UpstreamResponseError, UpstreamUnavailableError } from "#app/server/upstream-errors.server";
import { DEFAULT_OWNERSHIP_ASSUMPTIONS } from "./ownership-cost.server";
import type { RecommendOptions, Recommender } from "./recommender.server";

/*
 * Two-phase generation (docs/decisions/003-two-phase-ai-generation.md): one small call returns a
 * ranked shortlist with only the numbers, then one call per car writes the long Swedish texts, all
 * in parallel. Output tokens dominate latency, so the wall time becomes roughly
 * shortlist + one car instead of ten cars in a row.
 */

const UPSTREAM = "openai";

export const OpenAIRecommenderConfigSchema = z.object({
  apiKey: z.string().min(1),
  /** Any OpenAI-compatible server, including the `/v1` part, e.g. "https://api.openai.com/v1". */
  baseUrl: z.url(),
  model: z.string().min(1),
  /** Budget for each HTTP call (the shortlist, every per-car call and each retry/repair). */
  timeoutMs: z.number().int().positive(),
  /** Parallel per-car calls; defaults to all of them at once. */
  concurrency: z.number().int().positive().optional(),
  /** Longest Retry-After we are willing to sit through inside a user's request. */
  maxRetryWaitMs: z.number().int().nonnegative().default(10_000),
  /** Wait before the single retry when the server sent no Retry-After. */
  retryDelayMs: z.number().int().nonnegative().default(1_000),
  /** Yearly driving the ownership costs assume; the local recommender uses the same figure. */
  milPerYear: z.number().int().positive().default(DEFAULT_OWNERSHIP_ASSUMPTIONS.milPerYear),
  /** Injected in tests so that the SDK can only reach the fake. */
  fetch: z.custom<typeof fetch>((value) => typeof value === "function").optional(),
});
export type OpenAIRecommenderConfig = z.input<typeof OpenAIRecommenderConfigSchema>;

// ---------------------------------------------------------------------------------------------
// What the model returns. These are model-facing schemas: every field required (strict structured
// output demands it) and short, since each shortlist token sits on the critical path.

const BODY_TYPES = Object.keys(CAR_TYPES).filter((key) => key !== "alla") as [
  Exclude<CarType, "alla">,
  ...Exclude<CarType, "alla">[],
];
const BodyTypeSchema = z.enum(BODY_TYPES);

const Score = z.number().int().min(0).max(100);
const Sek = z.number().int().min(0);

export const ShortlistCarSchema = z
  .object({
    carMake: z.string().min(1),
    carModel: z.string().min(1),
    bodyType: BodyTypeSchema,
    overall: Score,
    comfort: Score,
    performance: Score,
    security: Score,
    reliability: Score,
    economy: Score,
    yearFrom: z.number().int().min(1950).max(2100),
    priceFrom: Sek,
    priceTo: Sek,
    mileageTo: z.number().int().min(0),
  })
  .refine((car) => car.priceFrom <= car.priceTo, {
    message: "priceFrom måste vara mindre än eller lika med priceTo",
    path: ["priceTo"],
  });
export type ShortlistCar = z.infer<typeof ShortlistCarSchema>;

export const ShortlistSchema = z.object({ cars: z.array(ShortlistCarSchema).min(1) });

export const CarDetailsSchema = z.object({
  carTagline: z.string().min(1),
  pros: z.array(z.string().min(1)).min(2).max(6),
  cons: z.array(z.string().min(1)).min(2).max(6),
  whyItFits: z.string().min(1),
  deepDiveAnalysis: z.string().min(1),
  commonFlaws: z.string().min(1),
  /** Kronor per year at the configured yearly driving (milPerYear). */
  ownershipCost: OwnershipCostSchema,
});
export type CarDetails = z.infer<typeof CarDetailsSchema>;

const SHORTLIST_FORMAT = zodResponseFormat(ShortlistSchema, "car_shortlist");
const DETAILS_FORMAT = zodResponseFormat(CarDetailsSchema, "car_details");

// ---------------------------------------------------------------------------------------------
// Prompts (Swedish, grounded in the Swedish market; see /work/shared/reference/swedish-car-facts.md)

export const SYSTEM_PROMPT = `Du är Drömbils bilrådgivare och hjälper privatpersoner i Sverige att hitta rätt begagnad bil.
Allt du skriver är på svenska, sakligt och ärligt. Hitta aldrig på fakta; är du osäker, säg det.

Utgå alltid från den svenska marknaden 2025–2026:
- Priser i hela svenska kronor (SEK) som realistiska begärda priser för begagnade bilar på Blocket, Bytbil och KVD. Handlare tar oftast 5–15 % mer än privatpersoner för samma bil.
- Miltal och körsträcka i svenska mil (1 mil = 10 km). En privatbil går i snitt cirka 1 100 mil per år.
- Fordonsskatt: bilar från 2006 beskattas på koldioxid: 360 kr/år plus 22 kr per g/km över 111 g/km. Bensin- och dieselbilar (även hybrider) som blev skattepliktiga från juli 2018 betalar malus de första tre åren: 107 kr per g/km mellan 75 och 125 g/km och 132 kr per g/km över 125. Diesel har dessutom bränsletillägg (13,52 kr per g/km) och miljötillägg. Elbilar och de flesta laddhybrider betalar 360 kr/år.
- Drivmedel: bensin cirka 16 kr/l, diesel cirka 16,5 kr/l, hemmaladdning cirka 2 kr/kWh (billigare i norra Sverige), snabbladdning 4–8 kr/kWh.
- Försäkring: trafik, halv eller hel; yngre förare och storstad kostar mer, elbilar ofta 15–40 % mer.
- Svenska vintrar: vinterdäck är obligatoriska 1 december–31 mars vid vinterväglag, så räkna med två hjulsatser. Fyrhjulsdrift, motorvärmare och markfrigång spelar roll i norr. Elbilar drar 20–40 % mer i kyla. Vägsalt ger rostrisk på äldre bilar.
- Besiktning efter 3 år, sedan 5 år, därefter varje år. Vanligaste anmärkningen är bromsar.
- Populärt och lättsålt på Blocket: Volvo V60, V70, V90, XC40, XC60 och XC90, VW Golf, Passat och Tiguan, Toyota Corolla, RAV4 och Yaris, Skoda Octavia och Superb, Kia Ceed, Niro och Sportage, Tesla Model 3 och Model Y. Lättsålda bilar tappar mindre i värde.
- Köp av handlare omfattas av konsumentköplagen (3 års reklamationsrätt, fel som visar sig inom 2 år presumeras vara ursprungliga). Köp av privatperson omfattas av köplagen: lägre pris men svagare skydd och större undersökningsplikt.

Ge bara bilmodeller som faktiskt säljs begagnade i Sverige, och respektera köparens budget och karosstyp.`;

function buyerBlock(request: RecommendationRequest): string {
  const carTypeLine =
    request.carType === "alla"
      ? "Karosstyp: alla karosstyper går bra."
      : `Karosstyp: endast ${CAR_TYPES[request.carType]} (bodyType "${request.carType}").`;
  const sellerLine = {
    alla: "Säljare: både privatpersoner och handlare går bra; ange priser som speglar blandningen på Blocket.",
    privat: `Säljare: ${SELLER_TYPES.privat} (köplagen gäller). Ange privatpersoners prisnivå.`,
    handlare: `Säljare: ${SELLER_TYPES.handlare} (konsumentköplagen gäller). Ange handlares prisnivå, som oftast är något högre.`,
  }[request.sellerType];
  return [
    "Köparens önskemål:",
    `- Beskrivning: """${request.description}"""`,
    `- Maxpris: ${formatSek(request.maxPrice)}. Inget förslag får ha ett rekommenderat pris över detta.`,
    `- ${carTypeLine}`,
    `- ${sellerLine}`,
  ].join("\n");
}

/** A machine-readable copy of the facts, so numbers survive exactly (and fakes can parse it). */
function jsonBlock(value: unknown): string {
  return "```json\n" + JSON.stringify(value) + "\n```";
}

/**
 * How many shortlist candidates to ask for: spares replace cars our hard constraints drop. They
 * cost nothing when unused, because the stream is closed once `limit` cars are accepted.
 */
export function shortlistSize(limit: number): number {
  return limit + Math.max(3, Math.ceil(limit / 2));
}

export function buildShortlistMessages(request: RecommendationRequest): ChatCompletionMessageParam[] {
  const count = shortlistSize(request.limit);
  const user = `${buyerBlock(request)}

Uppgift: ge en rangordnad kortlista med exakt ${count} olika bilmodeller (bäst passande först). Skriv inga texter, bara siffror:
- carMake, carModel: märke och modell (ange generation om det spelar roll, t.ex. "V60 II").
- bodyType: en av ${BODY_TYPES.map((type) => `"${type}"`).join(", ")}.
- overall, comfort, performance, security, reliability, economy: betyg 0–100 för den här köparen.
- yearFrom: äldsta årsmodell du rekommenderar inom budgeten.
- priceFrom, priceTo: realistiskt prisintervall i kronor för rekommenderade exemplar (priceTo högst ${formatNumber(request.maxPrice)}).
- mileageTo: högsta rekommenderade miltal i mil.

Underlag:
${jsonBlock({ description: request.description, maxPrice: request.maxPrice, carType: request.carType, sellerType: request.sellerType, count })}`;
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

export function buildDetailsMessages(
  request: RecommendationRequest,
  car: ShortlistCar,
  rank: number,
  milPerYear: number = DEFAULT_OWNERSHIP_ASSUMPTIONS.milPerYear,
): ChatCompletionMessageParam[] {
  const user = `${buyerBlock(request)}

Bilen har rang ${rank} bland förslagen. Skriv den fullständiga analysen för ${car.carMake} ${car.carModel} (${CAR_TYPES[car.bodyType]}), årsmodell ${car.yearFrom} eller senare, ${formatSekRange(car.priceFrom, car.priceTo)}, högst ${formatMil(car.mileageTo)}.
- carTagline: en kort säljande mening.
- pros, cons: 3–5 korta punkter vardera, konkreta för den här köparen.
- whyItFits: varför bilen passar köparens beskrivning, budget och säljartyp (3–4 meningar).
- deepDiveAnalysis: en fördjupad analys (150–250 ord): motoralternativ, vinteregenskaper, utrymme, säkerhet, andrahandsvärde och vad man ska titta efter på Blocket.
- commonFlaws: kända fel och svagheter för årsmodellerna, och vad man ska kontrollera vid köp.
- ownershipCost: kronor per år vid ${formatMil(milPerYear)} per år: insurance (halvförsäkring), tax (fordonsskatt inkl. eventuell malus), fuel (drivmedel eller el), maintenance (service, slitage och däck).

Underlag:
${jsonBlock({ rank, ...car })}`;
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

function repairMessage(issues: string): string {
  return `Ditt förra svar gick inte att använda: ${issues}
Svara igen med hela svaret som giltig JSON som följer schemat exakt. Ändra bara det som behövs.`;
}

// ---------------------------------------------------------------------------------------------
// Hard constraints. The model is told about them, but only code can guarantee them.

/**
 * Enforces what the buyer asked for, then keeps the best `limit` candidates in the model's order:
 * - body type: a car of another body type is dropped (unless the buyer chose "alla");
 * - price: a car whose cheapest recommended example costs more than maxPrice is dropped; a range
 *   that merely ends above maxPrice is clamped to end at maxPrice (the cheaper part of the range
 *   is a real, affordable recommendation; we never show a "to" price the buyer cannot pay);
 * - duplicates (same make and model) keep their best-ranked occurrence.
 * Fewer than `limit` cars may remain; we return fewer rather than pad with cars that break the rules.
 */
export function enforceHardConstraints(
  cars: ShortlistCar[],
  request: Pick<RecommendationRequest, "maxPrice" | "carType" | "limit">,
): ShortlistCar[] {
  const accepted = new Set<string>();
  const kept: ShortlistCar[] = [];
  for (const candidate of cars) {
    if (kept.length === request.limit) break;
    const car = checkCandidate(candidate, request, accepted);
    if (car) kept.push(car);
  }
  return kept;
}

/**
 * One step of enforceHardConstraints: the car as it may be shown (price clamped), or undefined
 * if it must be dropped. Adds the car's key to `accepted`, which guards against duplicates.
 */
function checkCandidate(
  car: ShortlistCar,
  request: Pick<RecommendationRequest, "maxPrice" | "carType">,
  accepted: Set<string>,
): ShortlistCar | undefined {
  const key = `${car.carMake} ${car.carModel}`.toLowerCase().replace(/\s+/g, " ").trim();
  if (accepted.has(key)) return undefined;
  if (request.carType !== "alla" && car.bodyType !== request.carType) return undefined;
  if (car.priceFrom > request.maxPrice) return undefined;
  accepted.add(key);
  return { ...car, priceTo: Math.min(car.priceTo, request.maxPrice) };
}

function toSuggestion(car: ShortlistCar, details: CarDetails, rank: number): CarSuggestion {
  const suggestion = {
    carName: `${car.carMake} ${car.carModel}`,
    carMake: car.carMake,
    carModel: car.carModel,
    carTagline: details.carTagline,
    ratings: {
      rank,
      overall: car.overall,
      comfort: car.comfort,
      performance: car.performance,
      security: car.security,
      reliability: car.reliability,
      economy: car.economy,
      // Filled in later by scoring, which also knows the marketplace availability.
      finalScore: 0,
    },
    pros: details.pros,
    cons: details.cons,
    recommendedYear: { from: car.yearFrom },
    recommendedPrice: { from: car.priceFrom, to: car.priceTo },
    recommendedMileage: { to: car.mileageTo },
    whyItFits: details.whyItFits,
    deepDiveAnalysis: details.deepDiveAnalysis,
    commonFlaws: details.commonFlaws,
    ownershipCost: details.ownershipCost,
  };
  const parsed = CarSuggestionSchema.safeParse(suggestion);
  if (!parsed.success) {
    throw new UpstreamResponseError({
      upstream: UPSTREAM,
      message: "Merged suggestion does not match CarSuggestionSchema",
      detail: z.prettifyError(parsed.error),
    });
  }
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// Transport: timeout, one retry on 429/5xx, one repair on a schema violation.

type ResponseFormat = typeof SHORTLIST_FORMAT | typeof DETAILS_FORMAT;

/** Milliseconds the server asked us to wait, from `retry-after-ms` or `Retry-After` (seconds or date). */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

type Failure = { error: Error; retryable: boolean; retryAfterMs?: number };

function classify(error: unknown, timedOut: boolean, timeoutMs: number): Failure {
  if (timedOut) {
    return {
      retryable: false,
      error: new UpstreamUnavailableError({
        upstream: UPSTREAM,
        reason: "timeout",
        message: `OpenAI did not answer within ${timeoutMs} ms`,
        cause: error,
      }),
    };
  }
  if (error instanceof APIUserAbortError) {
    // Aborted by the caller or by a failed sibling call; the original error is reported instead.
    return { retryable: false, error };
  }
  if (error instanceof APIConnectionError) {
    return {
      retryable: true,
      error: new UpstreamUnavailableError({
        upstream: UPSTREAM,
        reason: "network",
        message: `Could not reach OpenAI: ${error.message}`,
        cause: error,
      }),
    };
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const retryAfterMs = parseRetryAfter(error.headers ?? undefined);
    if (status === 429 || status >= 500) {
      return {
        retryable: true,
        retryAfterMs,
        error: new UpstreamUnavailableError({
          upstream: UPSTREAM,
          reason: status === 429 ? "rate-limited" : "server-error",
          status,
          retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
          message: `OpenAI responded ${status}: ${error.message}`,
          cause: error,
        }),
      };
    }
    return {
      retryable: false,
      error: new UpstreamResponseError({
        upstream: UPSTREAM,
        message: `OpenAI rejected the request with ${status}`,
        detail: error.message,
        cause: error,
      }),
    };
  }
  // E.g. a body that is not JSON (SyntaxError from the SDK): the server answered, but uselessly.
  return {
    retryable: false,
    error: new UpstreamResponseError({
      upstream: UPSTREAM,
      message: "OpenAI sent a response we could not read",
      detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      cause: error,
    }),
  };
}

type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: string };

function parseContent<T>(schema: z.ZodType<T>, content: string): ParseResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, issues: `ogiltig JSON (${error instanceof Error ? error.message : "okänt fel"})` };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: z.prettifyError(result.error) };
}

function createCaller(config: z.output<typeof OpenAIRecommenderConfigSchema>) {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
    // Retries are ours: exactly one, with a capped Retry-After, and never after a timeout.
    maxRetries: 0,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });

  /**
   * One HTTP call. With `onDelta` the answer is streamed and `onDelta` sees the content so far
   * after every chunk; returning "stop" ends the stream early (we already have what we need).
   */
  async function chatOnce(
    messages: ChatCompletionMessageParam[],
    responseFormat: ResponseFormat,
    signal: AbortSignal,
    onDelta?: (content: string) => "stop" | "continue",
  ): Promise<{ ok: true; content: string } | { ok: false; failure: Failure }> {
    const controller = new AbortController();
    let timedOut = false;
    // Our own timer as well as the SDK's: it also covers reading the body and the whole stream.
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
    const onAbort = () => controller.abort(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    const requestOptions = { signal: controller.signal, timeout: config.timeoutMs, maxRetries: 0 };
    try {
      if (onDelta) {
        const stream = await client.chat.completions.create(
          { model: config.model, messages, response_format: responseFormat, stream: true },
          requestOptions,
        );
        let content = "";
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.refusal) return { ok: false, failure: refusal(delta.refusal) };
          if (!delta?.content) continue;
          content += delta.content;
          // Leaving the loop closes the stream, so no more tokens are generated for us.
          if (onDelta(content) === "stop") break;
        }
        return { ok: true, content };
      }
      const completion = await client.chat.completions.create(
        { model: config.model, messages, response_format: responseFormat },
        requestOptions,
      );
      const message = completion.choices[0]?.message;
      if (message?.refusal) return { ok: false, failure: refusal(message.refusal) };
      return { ok: true, content: message?.content ?? "" };
    } catch (error) {
      return { ok: false, failure: classify(error, timedOut, config.timeoutMs) };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    }
  }

  async function chatWithRetry(
    messages: ChatCompletionMessageParam[],
    responseFormat: ResponseFormat,
    signal: AbortSignal,
    /** Streams the answer; called once per attempt, so a replayed stream starts a fresh reader. */
    createOnDelta?: () => (content: string) => "stop" | "continue",
  ): Promise<string> {
    const first = await chatOnce(messages, responseFormat, signal, createOnDelta?.());
    if (first.ok) return first.content;
    const { failure } = first;
    if (!failure.retryable) throw failure.error;
    const wait = failure.retryAfterMs ?? config.retryDelayMs;
    // A long Retry-After is better passed on to the buyer than waited out in their request.
    if (wait > config.maxRetryWaitMs) throw failure.error;
    await sleep(wait, signal);
    // A stream that broke midway is replayed from the start; callers skip what they already took.
    const second = await chatOnce(messages, responseFormat, signal, createOnDelta?.());
    if (second.ok) return second.content;
    throw second.failure.error;
  }

  /** One structured call: retry once on 429/5xx, repair once on a schema violation, else throw. */
  async function completeStructured<T>(
    schema: z.ZodType<T>,
    responseFormat: ResponseFormat,
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal,
  ): Promise<T> {
    const content = await chatWithRetry(messages, responseFormat, signal);
    const first = parseContent(schema, content);
    if (first.ok) return first.data;
    const repaired = await chatWithRetry(
      [...messages, { role: "assistant", content }, { role: "user", content: repairMessage(first.issues) }],
      responseFormat,
      signal,
    );
    const second = parseContent(schema, repaired);
    if (second.ok) return second.data;
    throw new UpstreamResponseError({
      upstream: UPSTREAM,
      message: `OpenAI's ${responseFormat.json_schema.name} violated the schema after one repair attempt`,
      detail: second.issues,
    });
  }

  return { chatWithRetry, completeStructured };
}

function refusal(text: string): Failure {
  return {
    retryable: false,
    error: new UpstreamResponseError({ upstream: UPSTREAM, message: "OpenAI refused to answer", detail: text }),
  };
}

/**
 * Finds the elements of the first array in a JSON text as they complete, so a streamed shortlist
 * can be used car by car. Feed it the whole content so far; it only scans the new part.
 */
export function createArrayItemScanner(): (content: string) => string[] {
  let position = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let itemStart = -1;
  return (content) => {
    const items: string[] = [];
    for (; position < content.length; position++) {
      const char = content[position];
      if (inString) {
        if (escaped) escaped = false;
        else if (char === "\\") escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === "{" || char === "[") {
        depth++;
        // Root object = depth 1, the array = 2, so an item starts when we enter depth 3.
        if (depth === 3) itemStart = position;
      } else if (char === "}" || char === "]") {
        if (depth === 3 && itemStart !== -1) items.push(content.slice(itemStart, position + 1));
        depth--;
      }
    }
    return items;
  };
}

/** At most `max` tasks in flight; the rest wait their turn in call order. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * The OpenAI-backed recommender. Resolves with `limit` suggestions or fewer (when the hard
 * constraints leave fewer), ranked 1..N; never with half results.
 *
 * The shortlist is streamed: each car that passes the hard constraints gets its detail call at
 * once (bounded by `concurrency`), and the stream is closed as soon as `limit` cars are accepted.
 * If a streamed car violates the schema, acceptance pauses and the whole shortlist goes through
 * one repair call; accepted cars keep their ranks and the repaired list fills the rest in order.
 * @throws UpstreamUnavailableError on timeouts, and on 429/5xx/network errors that survive one retry.
 * @throws UpstreamResponseError on unusable answers (bad JSON or schema after one repair, refusals,
 *   other 4xx, or no candidate left after the hard constraints).
 */
export function createOpenAIRecommender(input: OpenAIRecommenderConfig): Recommender {
  const config = OpenAIRecommenderConfigSchema.parse(input);
  const { chatWithRetry, completeStructured } = createCaller(config);

  async function recommend(
    request: RecommendationRequest,
    options: RecommendOptions = {},
  ): Promise<CarSuggestion[]> {
    const controller = new AbortController();
    let firstError: unknown;
    const fail = (error: unknown) => {
      firstError ??= error;
      // Stop every call still in flight: no half results, no wasted tokens.
      controller.abort(error);
    };
    const onAbort = () => fail(options.signal?.reason);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const limit = createLimiter(config.concurrency ?? request.limit);
    const accepted = new Set<string>();
    const detailCalls: Promise<CarSuggestion | undefined>[] = [];
    let done = 0;

    /** Applies the hard constraints to one candidate and, if it is in, starts its detail call. */
    const consider = (candidate: ShortlistCar) => {
      if (accepted.size >= request.limit) return;
      const car = checkCandidate(candidate, request, accepted);
      if (!car) return;
      const rank = accepted.size;
      detailCalls.push(
        limit(async () => {
          const details = await completeStructured(
            CarDetailsSchema,
            DETAILS_FORMAT,
            buildDetailsMessages(request, car, rank, config.milPerYear),
            controller.signal,
          );
          const suggestion = toSuggestion(car, details, rank);
          done += 1;
          options.onCar?.(suggestion, { done, total: request.limit });
          return suggestion;
        }).catch((error: unknown) => {
          fail(error);
          return undefined;
        }),
      );
    };

    try {
      const messages = buildShortlistMessages(request);
      let paused = false;
      const content = await chatWithRetry(messages, SHORTLIST_FORMAT, controller.signal, () => {
        const scan = createArrayItemScanner();
        return (soFar) => {
          for (const item of scan(soFar)) {
            if (paused) break;
            const parsed = parseContent(ShortlistCarSchema, item);
            // A broken car pauses acceptance so that the repaired list can keep the model's order.
            if (parsed.ok) consider(parsed.data);
            else paused = true;
          }
          return accepted.size >= request.limit ? "stop" : "continue";
        };
      });

      if (accepted.size < request.limit) {
        const whole = parseContent(ShortlistSchema, content);
        if (!whole.ok) {
          const repaired = await chatWithRetry(
            [...messages, { role: "assistant", content }, { role: "user", content: repairMessage(whole.issues) }],
            SHORTLIST_FORMAT,
            controller.signal,
          );
          const second = parseContent(ShortlistSchema, repaired);
          if (!second.ok) {
            throw new UpstreamResponseError({
              upstream: UPSTREAM,
              message: "OpenAI's car_shortlist violated the schema after one repair attempt",
              detail: second.issues,
            });
          }
          second.data.cars.forEach(consider);
        }
      }
      if (accepted.size === 0) {
        throw new UpstreamResponseError({
          upstream: UPSTREAM,
          message: "No suggested car satisfied the buyer's budget and body type",
          detail: `maxPrice ${request.maxPrice}, carType ${request.carType}`,
        });
      }
      const suggestions = await Promise.all(detailCalls);
      if (firstError !== undefined) throw firstError;
      return suggestions.filter((suggestion) => suggestion !== undefined);
    } catch (error) {
      fail(error);
      // A sibling's failure aborted this call; report the cause, not the abort.
      throw firstError;
    } finally {
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  return { source: "openai", recommend };
}
