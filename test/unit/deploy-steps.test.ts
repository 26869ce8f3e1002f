import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthConfig } from "#app/server/auth/auth-config.server";
import { AppEnvSchema, marketplaceSourceOf, parseAppEnv } from "#app/server/env.server";

/**
 * The README's deploy steps, followed literally, give a Worker that serves: every var and secret
 * production refuses to run without is set by a step, in an order that works, and every secret the
 * configuration table lists is put with `wrangler secret put`.
 */

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const wranglerToml = readFileSync(path.join(root, "wrangler.toml"), "utf8");

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const next = markdown.indexOf("\n## ", start + heading.length + 2);
  return markdown.slice(start, next < 0 ? undefined : next);
}

/** `KEY = "value"` lines of one TOML table (flat string values only, which is all [vars] holds). */
function tomlTable(toml: string, table: string): Record<string, string> {
  const lines = toml.split("\n");
  const start = lines.findIndex((line) => line.trim() === `[${table}]`);
  if (start < 0) throw new Error(`wrangler.toml has no [${table}]`);
  const values: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[/.test(line)) break;
    const match = /^\s*([A-Z0-9_]+)\s*=\s*"([^"]*)"/.exec(line);
    if (match?.[1]) values[match[1]] = match[2] ?? "";
  }
  return values;
}

const deploy = section(readme, "## Deploying to Cloudflare");
const productionVars = tomlTable(wranglerToml, "env.production.vars");
/** `wrangler secret put NAME --env production` lines. */
const secretsPut = [...deploy.matchAll(/wrangler secret put ([A-Z0-9_]+) --env production/g)].map((match) => match[1] ?? "");
/** Vars a step tells the deployer to write into [env.production.vars]: `#   NAME = "…"` lines. */
const varsToWrite = [...deploy.matchAll(/^#\s+([A-Z0-9_]+) = "/gm)].map((match) => match[1] ?? "");
/** Configuration-table rows of kind "secret": `| `NAME` | secret | …`. */
const documentedSecrets = [...readme.matchAll(/^\| `([A-Z0-9_]+)` \| secret \|/gm)].map((match) => match[1] ?? "");

/** A plausible production value for each setting a step leaves to the deployer. */
const SAMPLE_VALUES: Record<string, string> = {
  PUBLIC_SITE_URL: "https://drombil.example",
  // "clerk.drombil.example$", base64: what Clerk's publishable keys encode.
  CLERK_PUBLISHABLE_KEY: `pk_live_${btoa("clerk.drombil.example$")}`,
  CLERK_SECRET_KEY: "sk_live_abcdefghijklmnopqrstuvwxyz",
  CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----",
  CLERK_WEBHOOK_SIGNING_SECRET: "whsec_c2VjcmV0",
  OPENAI_API_KEY: "sk-proj-example",
  WATCH_LINK_SECRET: "a-random-secret-of-at-least-32-characters",
};

/** The production env the steps produce: committed vars, the vars step 4 writes, the secrets step 6 puts. */
function deployedEnv(leaveOut?: string): Record<string, string> {
  const env: Record<string, string> = { ...productionVars };
  for (const name of [...varsToWrite, ...secretsPut]) {
    const value = SAMPLE_VALUES[name];
    if (value === undefined) throw new Error(`No sample value for ${name}: add one to SAMPLE_VALUES`);
    env[name] = value;
  }
  if (leaveOut) delete env[leaveOut];
  return env;
}

/** What the Worker does at its first request: parse the env, then choose sign-in (which refuses unsafe production setups). */
function serves(env: Record<string, string>): boolean {
  try {
    resolveAuthConfig(parseAppEnv(env));
    return true;
  } catch {
    return false;
  }
}

describe("the README's deploy steps", () => {
  it("give a production Worker that serves", () => {
    const env = deployedEnv();
    expect(env.APP_ENV).toBe("production");
    expect(serves(env)).toBe(true);
    expect(resolveAuthConfig(parseAppEnv(env)).provider).toBe("clerk");
  });

  it("set every var and secret production refuses to run without", () => {
    // Derived from the schema and the refusal checks, not from a list kept by hand: every setting
    // whose absence makes the deployed Worker refuse to serve must come from wrangler.toml or a step.
    const required = Object.keys(AppEnvSchema.shape).filter((name) => !serves(deployedEnv(name)));
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) {
      expect([...Object.keys(productionVars), ...varsToWrite, ...secretsPut], `${name} is required in production`).toContain(name);
    }
    // The two the old steps left out or forgot, named so a regression reads plainly.
    expect(required).toEqual(expect.arrayContaining(["CLERK_PUBLISHABLE_KEY", "CLERK_SECRET_KEY"]));
    expect(varsToWrite).toContain("CLERK_PUBLISHABLE_KEY");
    expect(secretsPut).toContain("CLERK_SECRET_KEY");
  });

  it("fail the check when a step is left out (the check can fail)", () => {
    expect(serves(deployedEnv("CLERK_PUBLISHABLE_KEY"))).toBe(false);
    expect(serves(deployedEnv("CLERK_SECRET_KEY"))).toBe(false);
  });

  it("put every secret the configuration table lists, except the local sign-in's", () => {
    expect(documentedSecrets.length).toBeGreaterThan(3);
    expect(documentedSecrets.filter((name) => name !== "SESSION_SECRET" && !secretsPut.includes(name))).toEqual([]);
    expect(secretsPut.filter((name) => !documentedSecrets.includes(name))).toEqual([]);
  });

  it("deploy with the marketplace off: no Blocket request and no demo ads until Blocket has given permission", () => {
    expect(productionVars.MARKETPLACE_SOURCE).toBe("off");
    expect(marketplaceSourceOf(parseAppEnv(deployedEnv()))).toBe("off");
    expect(serves({ ...deployedEnv(), MARKETPLACE_SOURCE: "local" })).toBe(false);
  });

  it("write the site's real origin, not the development default", () => {
    const origin = varsToWrite.includes("PUBLIC_SITE_URL") ? SAMPLE_VALUES.PUBLIC_SITE_URL : productionVars.PUBLIC_SITE_URL;
    expect(origin).toMatch(/^https:\/\//);
  });

  it("keep secrets out of wrangler.toml", () => {
    for (const name of documentedSecrets) expect(wranglerToml).not.toMatch(new RegExp(`^\\s*${name}\\s*=`, "m"));
  });

  it("come in an order that works: resources, vars, tables, secrets, build, deploy", () => {
    const at = (text: string) => {
      const index = deploy.indexOf(text);
      if (index < 0) throw new Error(`deploy steps lack "${text}"`);
      return index;
    };
    const order = [
      at("wrangler d1 create"),
      at("wrangler kv namespace create"),
      at("wrangler r2 bucket create"),
      at("[env.production.vars]"),
      at("wrangler d1 migrations apply DB --remote --env production"),
      at("wrangler secret put"),
      at("CLOUDFLARE_ENV=production npm run build"),
      at("npx wrangler deploy"),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
