import type { AppEnv } from "#app/server/env.server";
import type { OpenAIEngineConfig } from "./openai-engine.server";

/**
 * The OpenAI engine's settings from the env schema: what the app runs with, and what
 * `npm run check:openai` tries (with production's vars), so the two cannot drift apart.
 * Undefined when no API key is configured (the offline engine answers instead).
 */
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
