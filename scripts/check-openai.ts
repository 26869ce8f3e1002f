/**
 * Does the configured model still work with everything the app sends it? One call of each kind the
 * app makes, with production's settings, printed as it came back; exits non-zero on any failure.
 * Run it before and after changing OPENAI_MODEL or OPENAI_REASONING_EFFORT (README: Changing the
 * model). Needs a key; nothing else about the app has to run.
 *
 *   OPENAI_API_KEY=sk-… npm run check:openai
 *   OPENAI_API_KEY=sk-… OPENAI_MODEL=<candidate> OPENAI_REASONING_EFFORT=low npm run check:openai
 *
 * Settings: `[env.production.vars]` of wrangler.toml, then any OPENAI_* variable in the environment
 * on top (to try a candidate before deploying it), read through the app's one env schema.
 *
 * The calls are a list (CHECKS below): a new kind of model call adds one entry there.
 */
export {}; // a module: top-level await below

await import("./ts-resolve-hook.mjs");

const { readFileSync } = await import("node:fs");
const { parseAppEnv } = await import("../app/server/env.server.ts");
const { openAIEngineConfigFromEnv } = await import("../app/server/ai/openai-config.server.ts");
const { createOpenAIAdviceEngine } = await import("../app/server/ai/openai-engine.server.ts");
const { adviceConfigFromEnv } = await import("../app/server/advice/engine-choice.server.ts");
const { prepareAdvice, runAdvice } = await import("../app/server/advice/advise.server.ts");
const { SearchInputSchema } = await import("../app/lib/search-form.ts");
const { createOpenAIReader } = await import("../app/server/ai/openai-reader.server.ts");

/** The `KEY = "value"` lines of one [section] of wrangler.toml (all this file needs of TOML). */
function tomlSection(text: string, section: string): Record<string, string> {
  const vars: Record<string, string> = {};
  let inside = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) inside = line === `[${section}]`;
    else if (inside) {
      const match = /^([A-Z0-9_]+)\s*=\s*"([^"]*)"/.exec(line);
      if (match?.[1]) vars[match[1]] = match[2] ?? "";
    }
  }
  return vars;
}

const production = tomlSection(readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8"), "env.production.vars");
const overrides = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("OPENAI_")));
const appEnv = parseAppEnv({ ...production, ...overrides });
const engineConfig = openAIEngineConfigFromEnv(appEnv);
if (!engineConfig) {
  console.error("check:openai needs OPENAI_API_KEY in the environment (it is a secret, never in wrangler.toml).");
  process.exit(2);
}

/** Every HTTP exchange with OpenAI, in order, as it went over the wire. */
type Exchange = {
  method: string;
  path: string;
  kind: string;
  status: number;
  ms: number;
  sent: Record<string, unknown>;
  body: { text: string; done: Promise<void> };
};

/**
 * A copy of the body as it streams. The app closes a shortlist stream once it has its picks, and a
 * copy of an aborted body may never end, so what arrived is read without waiting for the end.
 */
function mirror(response: Response): { text: string; done: Promise<void> } {
  const copy = { text: "", done: Promise.resolve() };
  const reader = response.clone().body?.getReader();
  if (!reader) return copy;
  const decoder = new TextDecoder();
  copy.done = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      copy.text += decoder.decode(value, { stream: true });
    }
  })().catch(() => {});
  return copy;
}
const exchanges: Exchange[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const started = performance.now();
  const url = new URL(input instanceof Request ? input.url : String(input));
  const sent = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
  const format = sent.response_format as { json_schema?: { name?: string } } | undefined;
  const response = await fetch(input, init);
  exchanges.push({
    method: init?.method ?? "GET",
    path: url.pathname,
    kind: format?.json_schema?.name ?? (url.pathname.includes("/models/") ? "model probe" : url.pathname),
    status: response.status,
    ms: Math.round(performance.now() - started),
    sent,
    body: mirror(response),
  });
  return response;
};

/** The answer text of a streamed (SSE) or plain JSON body, with its finish_reason and usage. */
function readBody(text: string): { content: string; finish?: string; usage?: unknown } {
  if (!text.startsWith("data:")) return { content: text };
  let content = "";
  let finish: string | undefined;
  let usage: unknown;
  for (const line of text.split("\n")) {
    if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
    try {
      const chunk = JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string }; finish_reason?: string | null }[]; usage?: unknown };
      content += chunk.choices?.[0]?.delta?.content ?? "";
      finish = chunk.choices?.[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    } catch {
      content += "[unreadable chunk]";
    }
  }
  return { content, ...(finish ? { finish } : {}), ...(usage ? { usage } : {}) };
}

const problems: string[] = [];
const engine = createOpenAIAdviceEngine({
  ...engineConfig,
  fetch: recordingFetch,
  log: (message, detail) =>
    problems.push(
      `${message} ${detail instanceof Error ? detail.message : JSON.stringify(detail, (_key, value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : value))}`,
    ),
});

/** A buyer typed the way people type; enough candidates that the shortlist has a real choice. */
const buyer = SearchInputSchema.parse({
  description: "Familj med två barn och hund, vi bor i Jämtland, kör 2 000 mil om året och drar en husvagn på 1 500 kg.",
  maxPrice: "300000",
  carType: "alla",
  sellerType: "alla",
});

type Check = { name: string; run: () => Promise<string> };

/** A model this close to its shutdown date fails the check: time to move, not to deploy it. */
const SHUTDOWN_WARNING_DAYS = 60;

/** One entry per kind of call the app makes, in the order a create makes them. */
const CHECKS: Check[] = [
  {
    name: "model probe (GET /models/{model}, before a create is charged)",
    run: async () => {
      const before = exchanges.length;
      await engine.preflight?.();
      // OpenAI's model object carries `shutdown_date` (YYYY-MM-DD, or null) once a retirement is announced.
      const probe = exchanges[before];
      if (probe) await Promise.race([probe.body.done, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      let shutdown: unknown;
      try {
        shutdown = (JSON.parse(probe?.body.text ?? "{}") as { shutdown_date?: unknown }).shutdown_date;
      } catch {
        shutdown = undefined;
      }
      if (typeof shutdown === "string") {
        const days = Math.floor((Date.parse(`${shutdown}T00:00:00Z`) - Date.now()) / 86_400_000);
        if (days < SHUTDOWN_WARNING_DAYS) throw new Error(`the model shuts down on ${shutdown}, in ${days} days: choose its successor now`);
        return `the model exists for this key; OpenAI shuts it down on ${shutdown} (in ${days} days)`;
      }
      return "the model exists for this key, with no shutdown date announced";
    },
  },
  {
    name: "the model's reading of the wish (buyer_reading)",
    run: async () => {
      const reader = createOpenAIReader({
        ...engineConfig,
        fetch: recordingFetch,
        log: (message, detail) => problems.push(`${message} ${JSON.stringify(detail)}`),
      });
      const outcome = await reader.read(buyer.description, { referenceYear: new Date().getUTCFullYear() });
      if (outcome.status !== "read") throw new Error(`the reading failed (${outcome.failure}); the app would fall back to the parser's reading`);
      const { items, kept, dropped } = outcome.reading;
      const droppedCount = dropped.quoteNotInWish + dropped.numberNotInQuote + dropped.outOfRange;
      if (kept === 0) throw new Error("the reading kept nothing of the sample wish");
      return `${kept} items kept, ${droppedCount} dropped by the verifier: ${items.map((item) => `${item.field} ← "${item.quote}"`).join("; ")}`;
    },
  },
  {
    name: "shortlist + one car's texts (advice_shortlist, advice_car_texts)",
    run: async () => {
      const prepared = prepareAdvice(buyer, 1, adviceConfigFromEnv(appEnv));
      if (prepared.status !== "ready") throw new Error(`the sample buyer did not prepare: ${prepared.status}`);
      const [car] = await runAdvice(prepared.prepared, buyer, engine, 1);
      if (!car) throw new Error("the shortlist chose no car");
      if (car.textsFromFacts) throw new Error("the car's texts failed and were written from the facts (see the problems below)");
      return `${car.carName} (${car.ratings.overall}): ${car.carTagline}`;
    },
  },
];

console.log(
  `check:openai — model ${engineConfig.model}, reasoning_effort ${engineConfig.reasoningEffort ?? "(model default)"}, ${engineConfig.baseUrl}, ${engineConfig.timeoutMs} ms per call\n`,
);
let failed = 0;
let emptyAnswers = 0;
for (const check of CHECKS) {
  const before = exchanges.length;
  const started = performance.now();
  let outcome: string;
  try {
    outcome = `ok: ${await check.run()}`;
  } catch (error) {
    failed += 1;
    outcome = `FAILED: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  console.log(`■ ${check.name} — ${Math.round(performance.now() - started)} ms\n  ${outcome}`);
  for (const exchange of exchanges.slice(before)) {
    await Promise.race([exchange.body.done, new Promise((resolve) => setTimeout(resolve, 250))]);
    const { content, finish, usage } = readBody(exchange.body.text);
    const settings =
      exchange.method === "POST"
        ? ` max_completion_tokens=${exchange.sent.max_completion_tokens} reasoning_effort=${exchange.sent.reasoning_effort ?? "-"}`
        : "";
    console.log(
      `  · ${exchange.kind}: ${exchange.method} ${exchange.path} → ${exchange.status} in ${exchange.ms} ms${settings}${finish ? ` finish=${finish}` : ""}`,
    );
    if (usage) console.log(`    usage ${JSON.stringify(usage)}`);
    if (finish === "length" && content.trim() === "") {
      emptyAnswers += 1;
      console.log(
        `    ! An empty answer cut at the limit: the model spent all ${exchange.sent.max_completion_tokens} tokens of max_completion_tokens before writing a word, ` +
          `although reasoning_effort was ${exchange.sent.reasoning_effort ?? "not sent"}. The app treats this as the model's settings failing: it does not repair ` +
          'the call, it answers the buyer with the local engine. Set OPENAI_REASONING_EFFORT to an effort this model honours ("minimal" or "low" also raise ' +
          "max_completion_tokens by their reasoning allowance) or choose another OPENAI_MODEL, and run this check again.",
      );
    }
    console.log(`    ${content.length > 600 ? `${content.slice(0, 600)}… (${content.length} characters)` : content || "(empty)"}`);
  }
}
for (const problem of problems) console.log(`! ${problem}`);
if (problems.length > 0) failed += 1;
if (emptyAnswers > 0)
  console.log(`\n${emptyAnswers} answer(s) came back empty, cut at max_completion_tokens: change the model's settings (above) before deploying.`);
console.log(failed === 0 ? "\ncheck:openai passed: every kind of call answered and parsed." : `\ncheck:openai FAILED (${failed}).`);
process.exit(failed === 0 ? 0 : 1);
