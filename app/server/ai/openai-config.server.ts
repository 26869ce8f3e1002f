import type { AppEnv } from "#app/server/env.server";
import type { OpenAIEngineConfig } from "./openai-engine.server";

/** Shared with check:openai so the script tries exactly what the app runs; undefined without an API key. */
export function openAIEngineConfigFromEnv(appEnv: AppEnv): OpenAIEngineConfig | undefined {
  if (!appEnv.OPENAI_API_KEY) return undefined;
  return {
    apiKey: appEnv.OPENAI_API_KEY,
    baseUrl: appEnv.OPENAI_BASE_URL,
    model: appEnv.OPENAI_MODEL,
    timeoutMs: appEnv.OPENAI_TIMEOUT_MS,
    ...(appEnv.OPENAI_REASONING_EFFORT ? { reasoningEffort: appEnv.OPENAI_REASONING_EFFORT } : {}),
    ...(appEnv.OPENAI_CONCURRENCY ? { concurrency: appEnv.OPENAI_CONCURRENCY } : {}),
  };
}
