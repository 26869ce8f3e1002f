import { z } from "zod";
import { BlocketConfigSchema } from "./marketplace/blocket.server";
import { REASONING_EFFORTS } from "./ai/openai-reasoning.server";

const positiveInt = z.coerce.number().int().positive();
const flag = z.preprocess((value) => (typeof value === "string" ? ["1", "true", "yes"].includes(value.toLowerCase()) : value), z.boolean());

/**
 * Vars and secrets, parsed once per isolate. Everything optional has an offline default so that a
 * fresh clone runs with no configuration; see the README's configuration table.
 */
/** Empty strings (an unset var in .dev.vars or the dashboard) mean "not configured". */
const optionalString = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** PEM keys pasted into a secret often arrive with literal "\n"; restore the newlines. */
const pemKey = z
  .string()
  .transform((value) => value.replace(/\\n/g, "\n").trim())
  .pipe(z.string().regex(/^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/, "must be a PEM public key"));

export const AppEnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "production"]).default("production"),
    PUBLIC_SITE_URL: z.url().default("http://localhost:5173"),
    AI_RATE_LIMIT_MAX: positiveInt.default(1),
    AI_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    MARKETPLACE_RATE_LIMIT_MAX: positiveInt.default(60),
    MARKETPLACE_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    /** Upstream image fetches (cache misses of /bild) per client IP and window. */
    /** Creates per client IP and window: sign-up is open, so a per-user limit alone bounds nothing. */
    AI_IP_RATE_LIMIT_MAX: positiveInt.default(10),
    AI_IP_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(3600),
    /** Model-backed creates for the whole service per day: the ceiling on what OpenAI can cost us. */
    AI_DAILY_BUDGET: positiveInt.default(2000),
    IMAGE_RATE_LIMIT_MAX: positiveInt.default(120),
    IMAGE_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    CLERK_PUBLISHABLE_KEY: optionalString(z.string().regex(/^pk_(test|live)_[A-Za-z0-9+/=_-]+$/, "must start with pk_test_ or pk_live_")),
    CLERK_SECRET_KEY: optionalString(z.string().regex(/^sk_(test|live)_\S+$/, "must start with sk_test_ or sk_live_")),
    CLERK_JWT_KEY: optionalString(pemKey),
    /** Clerk Dashboard → Webhooks → signing secret; unset means the webhook route answers 404. */
    CLERK_WEBHOOK_SIGNING_SECRET: optionalString(z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "must start with whsec_")),
    /** Unset: the embedded catalogue recommender answers (offline default). */
    OPENAI_API_KEY: optionalString(z.string().min(1)),
    /** Any OpenAI-compatible server, including the /v1 part. */
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    /**
     * Production sets it explicitly (wrangler.toml); models are retired on OpenAI's schedule, so
     * README "Changing the model" says what to check. The default serves development only.
     */
    OPENAI_MODEL: z.string().min(1).default("gpt-6-luna"),
    /** Sent as `reasoning_effort` when set; each call's token ceiling grows to leave room for it. */
    OPENAI_REASONING_EFFORT: optionalString(z.enum(REASONING_EFFORTS)),
    /** Budget for each call to the model (the shortlist and every per-car call). */
    OPENAI_TIMEOUT_MS: positiveInt.default(30_000),
    /**
     * Model calls waiting for response headers at once (default 5): Workers allow six open
     * connections per request, and one stays free for the marketplace (docs/decisions/006).
     */
    OPENAI_CONCURRENCY: optionalString(positiveInt.max(6)),
    /** Ownership-cost assumptions (defaults documented in app/server/cars/ownership-cost.server.ts). */
    OWNERSHIP_MIL_PER_YEAR: optionalString(positiveInt),
    PETROL_PRICE_PER_LITRE: optionalString(z.coerce.number().positive()),
    DIESEL_PRICE_PER_LITRE: optionalString(z.coerce.number().positive()),
    ELECTRICITY_PRICE_PER_KWH: optionalString(z.coerce.number().positive()),
    /** "local" (demo ads from the catalogue, the offline default) or "blocket". Unset values take the marketplace's defaults. */
    MARKETPLACE_SOURCE: optionalString(z.enum(["blocket", "local"])),
    /** KV refuses TTLs under 60 s. */
    MARKETPLACE_CACHE_TTL_SECONDS: optionalString(z.coerce.number().int().min(60)),
    /** https://www.blocket.se, or a loopback URL with BLOCKET_ALLOW_LOOPBACK (never in production). */
    BLOCKET_BASE_URL: optionalString(z.string()),
    BLOCKET_ALLOW_LOOPBACK: optionalString(flag),
    BLOCKET_TIMEOUT_MS: optionalString(positiveInt.max(10_000)),
    BLOCKET_RETRIES: optionalString(z.coerce.number().int().min(0).max(3)),
    BLOCKET_BUDGET_MS: optionalString(positiveInt.max(15_000)),
    BLOCKET_CONCURRENCY: optionalString(z.coerce.number().int().min(1).max(6)),
    /** Signs the local sign-in's session cookie. Local sign-in only exists in development. */
    SESSION_SECRET: optionalString(z.string().min(32, "must be at least 32 characters")),
    /** Browser tests only: turns on their seeding route (app/server/e2e-seed.server.ts); refused in production. */
    E2E_SEED_TOKEN: optionalString(z.string().min(32, "must be at least 32 characters")),
  })
  .superRefine((value, ctx) => {
    if (value.APP_ENV === "production" && value.E2E_SEED_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["E2E_SEED_TOKEN"], message: "the browser tests' seeding route never runs in production" });
    }
    if (Boolean(value.CLERK_PUBLISHABLE_KEY) !== Boolean(value.CLERK_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [value.CLERK_PUBLISHABLE_KEY ? "CLERK_SECRET_KEY" : "CLERK_PUBLISHABLE_KEY"],
        message: "CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY must be set together",
      });
    }
    if (value.BLOCKET_BASE_URL !== undefined) {
      const allowLoopbackBaseUrl = value.APP_ENV !== "production" && value.BLOCKET_ALLOW_LOOPBACK === true;
      const blocket = BlocketConfigSchema.safeParse({ baseUrl: value.BLOCKET_BASE_URL, allowLoopbackBaseUrl });
      for (const issue of blocket.success ? [] : blocket.error.issues) ctx.addIssue({ code: "custom", path: ["BLOCKET_BASE_URL"], message: issue.message });
    }
  });
export type AppEnv = z.infer<typeof AppEnvSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    const keys = issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    super(`Invalid environment configuration: ${keys}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses the Worker's env (or an env-like record); throws InvalidEnvironmentError listing every bad key. */
export function parseAppEnv(source: object): AppEnv {
  const result = AppEnvSchema.safeParse(source);
  if (!result.success) throw new InvalidEnvironmentError(result.error.issues);
  return result.data;
}
