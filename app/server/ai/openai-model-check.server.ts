import OpenAI, { APIError } from "openai";
import { ModelUnavailableError } from "#app/server/upstream-errors.server";

/**
 * Is the configured model there? Asked before a create charges any spend limit, so a retired or
 * misspelt OPENAI_MODEL costs the buyer nothing (docs/decisions/010-model-lifecycle.md).
 *
 * One `GET /models/{model}` per isolate and `okForMs` (10 minutes), a few hundred bytes, answered
 * without running the model. Only OpenAI's own "no such model" answer (404 with `model_not_found`,
 * or any 404 naming the `model` param) blocks; every other outcome (a timeout, a 5xx, a compatible
 * server without this route) lets the create through, where the real call reports what happens.
 * A chat call that meets a model error marks the model unavailable here too (`markUnavailable`),
 * so the next create in this isolate is refused before it is charged, without another probe.
 */

export type ModelCheckConfig = {
  apiKey: string;
  baseUrl: string;
  model: string;
  /** How long a model seen to exist is trusted. */
  okForMs?: number;
  /** How long a model seen to be missing is refused without asking again. */
  missingForMs?: number;
  /** The probe's own budget; past it the create goes ahead. */
  timeoutMs?: number;
  fetch?: typeof fetch | undefined;
  now?: () => number;
};

/** OpenAI's answer when a model does not exist for this key: 404 model_not_found. */
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
        // Unknown (timeout, 5xx, no such route): the create goes ahead and finds out; asked again
        // in a minute rather than on every create.
        known = { until: now() + missingForMs, missing: null };
        return;
      }
      markUnavailable(new ModelUnavailableError({ upstream: "openai", model: config.model, status: 404, detail: `${error.message} [${error.code ?? "no code"}]`, cause: error }));
    }
  }

  function markUnavailable(error: ModelUnavailableError): void {
    if (known?.missing) return;
    known = { until: now() + missingForMs, missing: error };
    // The operator's line in the log: which model, what OpenAI said, what to do.
    console.error(error.message);
  }

  /** Resolves when the model may be used; throws ModelUnavailableError when it is known not to exist. */
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

