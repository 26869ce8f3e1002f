/**
 * Benchmark: one call for all ten full suggestions (the baseline) against the two-phase design
 * (docs/decisions/003-two-phase-ai-generation.md), both against the fake OpenAI server with the
 * same simulated time-to-first-token and token rate.
 *
 *   node --experimental-strip-types scripts/bench-ai.ts [--scale=10] [--ttft=500] [--rate=80] [--limit=10]
 *
 * --scale divides the TTFT and multiplies the rate by the same factor, so every figure shrinks by
 * that factor and the ratio between the designs stays honest.
 */
export {}; // a module: top-level await below

// Lets Node resolve the app's extensionless TypeScript imports (see the hook file).
await import("./ts-resolve-hook.mjs");

const { default: OpenAI } = await import("openai");
const { zodResponseFormat } = await import("openai/helpers/zod");
const { z } = await import("zod");
const { CarSuggestionSchema } = await import("../app/lib/recommendation.ts");
const { createOpenAIRecommender, SYSTEM_PROMPT } = await import("../app/server/ai/openai-recommender.server.ts");
const { startFakeOpenAI, CHARS_PER_TOKEN } = await import("../test/fakes/openai.ts");

function option(name: string, fallback: number): number {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const scale = option("scale", 1);
const ttftMs = option("ttft", 500) / scale;
const tokensPerSecond = option("rate", 80) * scale;
const limit = option("limit", 10);

const request = {
  description:
    "Vi är en familj med två barn och en hund som bor utanför Umeå. Bilen ska klara vinterväglag, rymma barnvagn och hundbur och vara billig att äga. Vi kör cirka 1 500 mil per år.",
  maxPrice: 250_000,
  carType: "alla" as const,
  sellerType: "alla" as const,
  limit,
};

const fake = await startFakeOpenAI({ ttftMs, tokensPerSecond });
const baseURL = `${fake.url}/v1`;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** Index in `text` just after the first complete element of the "suggestions" array, or -1. */
function firstCompleteCarEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      // Root object is depth 1, the array depth 2: a car closes when depth drops back to 2.
      if (depth === 2 && char === "}") return i + 1;
    }
  }
  return -1;
}

async function baseline() {
  const client = new OpenAI({ apiKey: "sk-bench", baseURL, maxRetries: 0, timeout: 600_000 });
  const schema = z.object({ suggestions: z.array(CarSuggestionSchema) });
  const user = `Köparens önskemål finns i underlaget nedan. Ge exakt ${limit} rangordnade bilförslag med alla fält ifyllda (betyg, pris, årsmodell, miltal, tagline, för- och nackdelar, varför bilen passar, fördjupad analys, vanliga fel och ägandekostnad per år).

Underlag:
\`\`\`json
${JSON.stringify({ description: request.description, maxPrice: request.maxPrice, carType: request.carType, sellerType: request.sellerType, count: limit })}
\`\`\``;
  const started = performance.now();
  let firstCar: number | undefined;
  let content = "";
  const stream = await client.chat.completions.create({
    model: "ok/baseline",
    stream: true,
    messages: [
      { role: "system", content: SYSTEM_PROMPT },
      { role: "user", content: user },
    ],
    response_format: zodResponseFormat(schema, "car_suggestions"),
  });
  for await (const chunk of stream) {
    content += chunk.choices[0]?.delta.content ?? "";
    if (firstCar === undefined && firstCompleteCarEnd(content) !== -1) firstCar = performance.now() - started;
  }
  const complete = performance.now() - started;
  const cars = schema.parse(JSON.parse(content)).suggestions.length;
  return { complete, firstCar: firstCar ?? complete, cars };
}

async function twoPhase() {
  const recommender = createOpenAIRecommender({ apiKey: "sk-bench", baseUrl: baseURL, model: "ok/two-phase", timeoutMs: 600_000 });
  const started = performance.now();
  let firstCar: number | undefined;
  const suggestions = await recommender.recommend(request, {
    onCar: () => {
      firstCar ??= performance.now() - started;
    },
  });
  const complete = performance.now() - started;
  return { complete, firstCar: firstCar ?? complete, cars: suggestions.length };
}

function tokensFor(key: string) {
  const calls = fake.requests.filter((call) => call.key === key);
  const tokens = calls.map((call) => Math.ceil((call.sentChars ?? 0) / CHARS_PER_TOKEN));
  return { calls: calls.length, total: tokens.reduce((a, b) => a + b, 0), longest: Math.max(...tokens) };
}

try {
  console.log(
    `Fake OpenAI: TTFT ${ttftMs.toFixed(0)} ms, ${tokensPerSecond.toFixed(0)} tokens/s (scale ${scale}: real-world 500 ms / 80 tokens/s ÷ ${scale}), ${limit} cars\n`,
  );
  const single = await baseline();
  const split = await twoPhase();
  const singleTokens = tokensFor("baseline");
  const splitTokens = tokensFor("two-phase");
  const rows = [
    ["design", "complete (s)", "first car (s)", "calls", "output tokens sent", "longest call"],
    ["single call (streamed)", seconds(single.complete), seconds(single.firstCar), String(singleTokens.calls), String(singleTokens.total), String(singleTokens.longest)],
    ["two-phase", seconds(split.complete), seconds(split.firstCar), String(splitTokens.calls), String(splitTokens.total), String(splitTokens.longest)],
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
  const ratio = split.complete / single.complete;
  console.log(`\nComplete result: two-phase takes ${(ratio * 100).toFixed(1)} % of the single call (target ≤ 25 %).`);
  console.log(`Scaled back to real-world rates: single ${seconds(single.complete * scale)} s, two-phase ${seconds(split.complete * scale)} s.`);
  if (single.cars !== limit || split.cars !== limit) throw new Error(`Expected ${limit} cars, got ${single.cars} and ${split.cars}`);
  process.exitCode = ratio <= 0.25 ? 0 : 1;
} finally {
  await fake.close();
}
