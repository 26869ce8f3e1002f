import OpenAI, { APIError } from "openai";
import { ModelUnavailableError } from "#app/server/upstream-errors.server";

// Asked before a create is charged (docs/decisions/010-model-lifecycle.md).

export type ModelCheckConfig = {
  apiKey: string;
  baseUrl: string;
  model: string;
  okForMs?: number;
  missingForMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch | undefined;
  now?: () => number;
};

function isModelNotFound(error: unknown): error is APIError {
  return error instanceof APIError && error.status === 404 && (error.code === "model_not_found" || error.param === "model");
}

export function createModelCheck(config: ModelCheckConfig) {
  const okForMs = config.okForMs ?? 10 * 60_000;
  const missingForMs = config.missingForMs ?? 60_000;
  const now = config.now ?? Date.now;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutMs ?? 2_000,
    maxRetries: 0,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  let known: { until: number; missing: ModelUnavailableError | null } | null = null;
  let inFlight: Promise<void> | null = null;

  async function probe(): Promise<void> {
    try {
      await client.models.retrieve(config.model);
      known = { until: now() + okForMs, missing: null };
    } catch (error) {
      if (!isModelNotFound(error)) {
        // Inconclusive (timeout, 5xx, no such route): creates go ahead; asked again in a minute.
        known = { until: now() + missingForMs, missing: null };
        return;
      }
      markUnavailable(
        new ModelUnavailableError({
          upstream: "openai",
          model: config.model,
          status: 404,
          detail: `${error.message} [${error.code ?? "no code"}]`,
          cause: error,
        }),
      );
    }
  }

  function markUnavailable(error: ModelUnavailableError): void {
    if (known?.missing) return;
    known = { until: now() + missingForMs, missing: error };
    console.error(error.message);
  }

  async function check(): Promise<void> {
    if (!known || known.until <= now()) {
      inFlight ??= probe().finally(() => {
        inFlight = null;
      });
      await inFlight;
    }
    if (known?.missing && known.until > now()) throw known.missing;
  }

  return { check, markUnavailable };
}
