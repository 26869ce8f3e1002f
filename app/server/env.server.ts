import { env } from "cloudflare:workers";
import { z } from "zod";

const positiveInt = z.coerce.number().int().positive();

/**
 * Vars and secrets, parsed once per isolate. Everything optional has an offline default so that a
 * fresh clone runs with no configuration; see the README's configuration table.
 */
export const AppEnvSchema = z.object({
  APP_ENV: z.enum(["development", "production"]).default("production"),
  PUBLIC_SITE_URL: z.url().default("http://localhost:5173"),
  AI_RATE_LIMIT_MAX: positiveInt.default(1),
  AI_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  MARKETPLACE_RATE_LIMIT_MAX: positiveInt.default(60),
  MARKETPLACE_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
});
export type AppEnv = z.infer<typeof AppEnvSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    const keys = issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    super(`Invalid environment configuration: ${keys}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses an env-like record; throws InvalidEnvironmentError listing every bad key. */
export function parseAppEnv(source: Record<string, unknown>): AppEnv {
  const result = AppEnvSchema.safeParse(source);
  if (!result.success) throw new InvalidEnvironmentError(result.error.issues);
  return result.data;
}

let cached: AppEnv | undefined;

export function getAppEnv(): AppEnv {
  cached ??= parseAppEnv(env as unknown as Record<string, unknown>);
  return cached;
}
