import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "#test/fakes/openai";

/**
 * `npm run check:openai` against the fake upstream: production's settings from wrangler.toml, one
 * call of each kind printed, exit 0 only when every call answered and parsed.
 */

const script = fileURLToPath(new URL("../../scripts/check-openai.ts", import.meta.url));
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ ttftMs: 10, tokensPerSecond: 20_000 });
});
afterAll(async () => {
  await fake.close();
});

function check(vars: Record<string, string>): Promise<{ code: number; output: string }> {
  // Only what the test sets: no OPENAI_* of the machine running the tests.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OPENAI_")));
  return new Promise((resolve) => {
    execFile(process.execPath, [script], { env: { ...env, ...vars } as NodeJS.ProcessEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

// Each case is a Node process of its own that mostly waits on start-up: run them side by side.
describe.concurrent("check:openai", () => {
  it("makes one call of each kind with production's settings, prints them and passes", async () => {
    const key = `check-${crypto.randomUUID()}`;
    const { code, output } = await check({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: `ok/${key}` });
    expect(output).toContain("check:openai passed");
    expect(output).toContain("no shutdown date announced");
    expect(code).toBe(0);
    // wrangler.toml's production effort, since the environment set none.
    expect(output).toContain("reasoning_effort none");
    const calls = fake.requests.filter((request) => request.key === key);
    expect(calls.map((call) => call.schemaName ?? call.path)).toEqual([
      `/v1/models/${encodeURIComponent(`ok/${key}`)}`,
      "buyer_reading",
      "advice_shortlist",
      "advice_car_texts",
    ]);
    for (const call of calls.slice(1)) expect((call.body as { reasoning_effort?: string }).reasoning_effort).toBe("none");
    expect(output).toMatch(/advice_shortlist: POST \/v1\/chat\/completions → 200 .*max_completion_tokens=1200/);
    expect(output).toContain('{"picks":[{"id":');
    expect(output).toContain('{"whyItFits":');
    expect(output).toMatch(/items kept, \d+ dropped by the verifier/);
  }, 60_000);

  it("fails on a retired model, naming it and what OpenAI said", async () => {
    const { code, output } = await check({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: "retired/check" });
    expect(code).toBe(1);
    expect(output).toContain('Model "retired/check" is unavailable at openai (404)');
    expect(output).toContain("model_not_found");
    expect(output).toContain("check:openai FAILED");
  }, 60_000);

  it("fails on a model whose shutdown date is less than 60 days away", async () => {
    const { code, output } = await check({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: `deprecated/${crypto.randomUUID()}` });
    expect(code).toBe(1);
    expect(output).toMatch(/the model shuts down on \d{4}-\d{2}-\d{2}, in (29|30) days/);
  }, 60_000);

  it("fails when a car's texts stall, though the app would have saved them from the facts", async () => {
    const { code, output } = await check({
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_MODEL: `stall-texts/${crypto.randomUUID()}`,
      OPENAI_TIMEOUT_MS: "1000",
      OPENAI_REASONING_EFFORT: "low",
    });
    expect(code).toBe(1);
    expect(output).toContain("reasoning_effort low");
    expect(output).toContain("stalled mid-stream");
  }, 60_000);

  it("says it needs a key, and fails, without one", async () => {
    const { code, output } = await check({});
    expect(code).toBe(2);
    expect(output).toContain("needs OPENAI_API_KEY");
  }, 60_000);
});
