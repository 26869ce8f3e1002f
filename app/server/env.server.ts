import { z } from "zod";
import { BlocketConfigSchema } from "./marketplace/blocket.server";

/** OpenAI's `reasoning_effort` values; the engine plans its token allowance per value. */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high"] as const;

const positiveInt = z.coerce.number().int().positive();
const MARKETPLACE_SOURCES = ["blocket", "local", "off"] as const;
const flag = z.preprocess((value) => (typeof value === "string" ? ["1", "true", "yes"].includes(value.toLowerCase()) : value), z.boolean());

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
    /** Creates per client IP and window: sign-up is open, so a per-user limit alone bounds nothing. */
    AI_IP_RATE_LIMIT_MAX: positiveInt.default(10),
    AI_IP_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(3600),
    AI_DAILY_BUDGET: positiveInt.default(2000),
    IMAGE_RATE_LIMIT_MAX: positiveInt.default(120),
    IMAGE_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
    CLERK_PUBLISHABLE_KEY: optionalString(z.string().regex(/^pk_(test|live)_[A-Za-z0-9+/=_-]+$/, "must start with pk_test_ or pk_live_")),
    CLERK_SECRET_KEY: optionalString(z.string().regex(/^sk_(test|live)_\S+$/, "must start with sk_test_ or sk_live_")),
    CLERK_JWT_KEY: optionalString(pemKey),
    /** Unset: the webhook route answers 404. */
    CLERK_WEBHOOK_SIGNING_SECRET: optionalString(z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "must start with whsec_")),
    OPENAI_API_KEY: optionalString(z.string().min(1)),
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    /** Production sets it in wrangler.toml: models retire on OpenAI's schedule (README, "Changing the model"). */
    OPENAI_MODEL: z.string().min(1).default("gpt-6-luna"),
    OPENAI_REASONING_EFFORT: optionalString(z.enum(REASONING_EFFORTS)),
    OPENAI_TIMEOUT_MS: positiveInt.default(30_000),
    /** At most six, Workers' connections per request; the default 5 leaves one for the marketplace. */
    OPENAI_CONCURRENCY: optionalString(positiveInt.max(6)),
    OWNERSHIP_MIL_PER_YEAR: optionalString(positiveInt),
    PETROL_PRICE_PER_LITRE: optionalString(z.coerce.number().positive()),
    DIESEL_PRICE_PER_LITRE: optionalString(z.coerce.number().positive()),
    ELECTRICITY_PRICE_PER_KWH: optionalString(z.coerce.number().positive()),
    /** "off": no Blocket calls at all, until production has Blocket's written permission (docs/marketplace.md). */
    MARKETPLACE_SOURCE: optionalString(z.enum(MARKETPLACE_SOURCES)),
    MARKETPLACE_CACHE_TTL_SECONDS: optionalString(z.coerce.number().int().min(60)),
    BLOCKET_BASE_URL: optionalString(z.string()),
    BLOCKET_ALLOW_LOOPBACK: optionalString(flag),
    BLOCKET_TIMEOUT_MS: optionalString(positiveInt.max(10_000)),
    BLOCKET_RETRIES: optionalString(z.coerce.number().int().min(0).max(3)),
    BLOCKET_BUDGET_MS: optionalString(positiveInt.max(15_000)),
    BLOCKET_CONCURRENCY: optionalString(z.coerce.number().int().min(1).max(6)),
    SESSION_SECRET: optionalString(z.string().min(32, "must be at least 32 characters")),
    E2E_SEED_TOKEN: optionalString(z.string().min(32, "must be at least 32 characters")),
    /** Blocket fetches the watch checks may make per UTC day; past it they wait for the next day (docs/decisions/021). */
    WATCH_DAILY_FETCH_CAP: positiveInt.default(5_000),
    /** Signs the digest's unsubscribe and renew links. Unset: development signs with a fixed key; production sends no digest. */
    WATCH_LINK_SECRET: optionalString(z.string().min(32, "must be at least 32 characters")),
    /** The digest's sender; its domain must be onboarded to Cloudflare Email Service. */
    MAIL_FROM: z.email().default("bevakning@drombil.se"),
  })
  .superRefine((value, ctx) => {
    if (value.APP_ENV === "production" && value.MARKETPLACE_SOURCE === "local") {
      // Refused, not mapped to "off": a deployment that asks for demo ads has a wrong file, and should say so loudly.
      ctx.addIssue({ code: "custom", path: ["MARKETPLACE_SOURCE"], message: 'the demo ads of "local" never run in production: use "off" or "blocket"' });
    }
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

/** Unset means demo ads in development and no marketplace in production: never Blocket without saying so. */
export function marketplaceSourceOf(appEnv: Pick<AppEnv, "APP_ENV" | "MARKETPLACE_SOURCE">): (typeof MARKETPLACE_SOURCES)[number] {
  return appEnv.MARKETPLACE_SOURCE ?? (appEnv.APP_ENV === "production" ? "off" : "local");
}

export class InvalidEnvironmentError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    const keys = issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    super(`Invalid environment configuration: ${keys}`);
    this.name = "InvalidEnvironmentError";
  }
}

export function parseAppEnv(source: object): AppEnv {
  const result = AppEnvSchema.safeParse(source);
  if (!result.success) throw new InvalidEnvironmentError(result.error.issues);
  return result.data;
}
