import { createRequestHandler, RouterContextProvider } from "react-router";
import { cspNonceContext } from "#app/lib/csp-nonce";
import { CLERK_WEBHOOK_PATH, handleClerkWebhook } from "#app/server/account/clerk-webhook.server";
import { recordActivity } from "#app/server/account/activity.server";
import { deleteInactiveAccounts, sweepDeletedAccounts, TOMBSTONE_SWEEP_CRON } from "#app/server/account/retention.server";
import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { requestAuthContext } from "#app/server/auth/auth.server";
import { withCachePolicy } from "#app/server/http/cache-policy.server";
import { E2E_SEED_PATH, handleE2ESeed } from "#app/server/e2e-seed.server";
import { misconfiguredResponse } from "#app/server/misconfiguration.server";
import { createCspNonce, type SecurityHeaderOptions, withSecurityHeaders } from "#app/server/security-headers.server";
import { type Services, servicesContext, servicesFor } from "#app/server/services.server";
import { WATCH_CHECK_CRON } from "#app/server/watches/watch-checks.server";
import { handleWatchBatch, runWatchCron } from "#app/server/watches/watch-jobs.server";
import { handleOneClick, ONE_CLICK_PATH } from "#app/server/watches/watch-link-actions.server";

// Durable Object classes must be exported from the Worker's main module.
export { RateLimiter } from "#app/server/rate-limit/rate-limiter.server";
export { CreationJob } from "#app/server/recommendations/creation-job.server";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** Clerk's browser SDK loads from, talks to and frames its Frontend API and Cloudflare Turnstile. */
function providerSources(auth: AuthConfig): Partial<SecurityHeaderOptions> {
  if (auth.provider !== "clerk") return {};
  const turnstile = "https://challenges.cloudflare.com";
  return {
    extraScriptOrigins: [auth.frontendApiOrigin, turnstile],
    extraConnectOrigins: [auth.frontendApiOrigin],
    extraImageOrigins: ["https://img.clerk.com"],
    extraFrameOrigins: [auth.frontendApiOrigin, turnstile],
  };
}

/** React Router reads a path starting with "//" as a protocol-relative URL and throws (a 500). */
function withSingleLeadingSlash(request: Request): Request {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("//")) return request;
  url.pathname = url.pathname.replace(/^\/+/, "/");
  return new Request(url, request);
}

export default {
  async fetch(request, env, ctx) {
    const nonce = createCspNonce();
    let services: Services;
    try {
      // Built at the first request: every var and secret is checked here.
      services = servicesFor(env);
    } catch (error) {
      // Refuse to serve anything: e.g. production without Clerk would let anyone sign in as anyone.
      console.error("Drömbil refuses to serve:", error);
      return withSecurityHeaders(misconfiguredResponse(), { nonce, appEnv: "production" });
    }

    const { auth, appEnv } = services;
    const { pathname } = new URL(request.url);
    let response: Response;
    if (pathname === CLERK_WEBHOOK_PATH) {
      // Server-to-server and signed by Svix: no session, CSRF or form checks apply (see the handler).
      response = await handleClerkWebhook(request, auth, services);
    } else if (pathname === ONE_CLICK_PATH) {
      // A mail provider's one-click unsubscribe: cross-site by nature, authorised by the link's signature (see the handler).
      response = await handleOneClick(request, services);
    } else if (pathname === E2E_SEED_PATH && appEnv.E2E_SEED_TOKEN) {
      response = await handleE2ESeed(request, appEnv.E2E_SEED_TOKEN, { db: env.DB, cache: env.CARS_CACHE });
    } else {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, nonce);
      context.set(servicesContext, services);
      context.set(requestAuthContext, { config: auth, noteVisit: (userId) => recordActivity(services.db, userId) });
      // Clerk (and anything else written for the Cloudflare adapter) reads bindings from here.
      Object.assign(context, { cloudflare: { env, ctx } });
      response = await requestHandler(withSingleLeadingSlash(request), context);
    }
    return withSecurityHeaders(withCachePolicy(request, response), { nonce, appEnv: env.APP_ENV, ...providerSources(auth) });
  },

  /** Hourly: sweeps deleted accounts' tombstones. Every 4 hours: the watches. Daily: deletes accounts unused for 24 months. A misconfigured deployment does none. */
  async scheduled(controller, env) {
    const services = servicesFor(env);
    const now = new Date(controller.scheduledTime);
    if (controller.cron === WATCH_CHECK_CRON) {
      const run = await runWatchCron(services, env, now);
      const digests = run.digests ? `${run.digests.sent} digest(s) sent, ${run.digests.failed} failed` : "no digests";
      console.log(`Watches: ${run.queries} quer(ies) enqueued, ${run.followed} moved to a newer version, ${digests}`);
      return;
    }
    // Awaited, not waitUntil: a failure then marks this cron run as failed in Cloudflare's log.
    if (controller.cron === TOMBSTONE_SWEEP_CRON) {
      const run = await sweepDeletedAccounts(services, now);
      console.log(`Tombstones: ${run.swept} swept, ${run.sweepsFailed} failed${run.moreRemain ? ", more remain" : ""}`);
      return;
    }
    const run = await deleteInactiveAccounts(services.auth, services, now);
    console.log(`Retention: ${run.deleted} inactive account(s) deleted, ${run.failed} failed, cutoff ${run.cutoffDay}${run.moreRemain ? ", more remain" : ""}`);
  },

  /** The watch checks: one message per distinct query (app/server/watches/watch-checks.server.ts). */
  async queue(batch, env) {
    const runs = await handleWatchBatch(batch.messages, servicesFor(env), new Date());
    const matches = runs.reduce((sum, run) => sum + run.matches, 0);
    console.log(
      `Watch checks: ${runs.length} quer(ies), ${matches} new match(es), ${runs.filter((run) => run.outcome === "capped").length} waiting for the daily cap`,
    );
  },
} satisfies ExportedHandler<Env, unknown>;
