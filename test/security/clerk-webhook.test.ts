import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CLERK_WEBHOOK_PATH, handleClerkWebhook } from "#app/server/account/clerk-webhook.server";
import type { ClerkAuthConfig, LocalAuthConfig } from "#app/server/auth/auth-config.server";
import { touchUserActivity } from "#app/server/db/account-data.server";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { clerkConfig, rsaKeyPair, SITE_ORIGIN } from "./clerk-harness";
import { testDb, testResults, testStore } from "#test/setup/test-store";

/**
 * Clerk's `user.deleted` webhook, signed the way Svix signs it (Standard Webhooks: HMAC-SHA256
 * over "id.timestamp.body" with the secret's bytes, `v1,<base64>`), verified by Clerk's own
 * `verifyWebhook`. Only a correctly signed, fresh event deletes anything.
 */

const SECRET_BYTES = crypto.getRandomValues(new Uint8Array(24));
const SECRET = `whsec_${btoa(String.fromCharCode(...SECRET_BYTES))}`;
const OTHER_SECRET = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;

const DELETED_USER = "user_2abcDeletedInClerk";
const KEPT_USER = "user_2xyzStillHere";

let config: ClerkAuthConfig;

async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const keyBytes = Uint8Array.from(atob(secret.slice("whsec_".length)), (char) => char.charCodeAt(0));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(mac)))}`;
}

const userDeletedEvent = (userId: string) =>
  JSON.stringify({
    type: "user.deleted",
    object: "event",
    data: { id: userId, object: "user", deleted: true },
    timestamp: Date.now(),
    instance_id: "ins_test",
  });

async function webhookRequest({
  body = userDeletedEvent(DELETED_USER),
  secret = SECRET,
  id = `msg_${crypto.randomUUID()}`,
  timestamp = Math.floor(Date.now() / 1000),
  signature,
  method = "POST",
}: { body?: string; secret?: string; id?: string; timestamp?: number; signature?: string; method?: string } = {}): Promise<Request> {
  const headers = {
    "Content-Type": "application/json",
    "svix-id": id,
    "svix-timestamp": String(timestamp),
    "svix-signature": signature ?? (await sign(secret, id, timestamp, body)),
  };
  return new Request(`${SITE_ORIGIN}${CLERK_WEBHOOK_PATH}`, { method, headers, ...(method === "POST" ? { body } : {}) });
}

async function rowCount(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    "select (select count(*) from recommendations where user_id = ?1) + (select count(*) from user_activity where user_id = ?1) as n",
  )
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

beforeEach(async () => {
  config = clerkConfig(await rsaKeyPair(), { webhookSigningSecret: SECRET });
  await env.DB.exec("delete from recommendations; delete from user_activity; delete from deleted_users;");
  for (const userId of [DELETED_USER, KEPT_USER]) {
    await createRecommendationForUser(userId, { input: buildInput(), recommendation: buildResult(2) }, testDb, testResults);
    await createRecommendationForUser(userId, { input: buildInput(), recommendation: buildResult(2) }, testDb, testResults);
    await touchUserActivity(userId, "2026-11-01", testDb);
  }
});

describe("Clerk webhook: user.deleted", () => {
  it("a correctly signed user.deleted deletes every row of that user and nobody else's", async () => {
    const response = await handleClerkWebhook(await webhookRequest(), config, testStore);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: { recommendations: 2, jobs: 0, activity: 1, results: 2 } });
    expect(await rowCount(DELETED_USER)).toBe(0);
    expect(await rowCount(KEPT_USER)).toBe(3);
    // Svix retries deliveries: the same event again is a harmless 200.
    expect((await handleClerkWebhook(await webhookRequest(), config, testStore)).status).toBe(200);
  });

  it("other events are acknowledged and change nothing", async () => {
    const body = JSON.stringify({ type: "user.updated", object: "event", data: { id: KEPT_USER, object: "user" }, timestamp: Date.now() });
    const response = await handleClerkWebhook(await webhookRequest({ body }), config, testStore);
    expect(response.status).toBe(200);
    expect(await rowCount(KEPT_USER)).toBe(3);
  });

  const forgeries: [string, () => Promise<Request>][] = [
    ["signed with another secret", () => webhookRequest({ secret: OTHER_SECRET })],
    [
      "a valid signature over another body (the user id swapped)",
      async () => {
        const genuine = await webhookRequest({ body: userDeletedEvent("user_someoneelse"), id: "msg_1", timestamp: Math.floor(Date.now() / 1000) });
        return new Request(genuine.url, { method: "POST", headers: genuine.headers, body: userDeletedEvent(DELETED_USER) });
      },
    ],
    ["a replay older than five minutes", () => webhookRequest({ timestamp: Math.floor(Date.now() / 1000) - 10 * 60 })],
    ["a signature that is not base64", () => webhookRequest({ signature: "v1,!!!not-a-signature!!!" })],
    ["an empty signature", () => webhookRequest({ signature: "" })],
    [
      "no Svix headers at all",
      async () =>
        new Request(`${SITE_ORIGIN}${CLERK_WEBHOOK_PATH}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: userDeletedEvent(DELETED_USER),
        }),
    ],
  ];

  it.each(forgeries)("%s: 400 with a Swedish message, nothing deleted", async (_name, build) => {
    const response = await handleClerkWebhook(await build(), config, testStore);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Meddelandets signatur kunde inte verifieras.");
    expect(await rowCount(DELETED_USER)).toBe(3);
  });

  it("a signed event without a proper user id is refused (400) and deletes nothing", async () => {
    for (const data of [{}, { id: "" }, { id: "local_abc" }, { id: "user_x'; drop table recommendations; --" }]) {
      const body = JSON.stringify({ type: "user.deleted", object: "event", data, timestamp: Date.now() });
      expect((await handleClerkWebhook(await webhookRequest({ body }), config, testStore)).status).toBe(400);
    }
    expect(await rowCount(DELETED_USER)).toBe(3);
  });

  it("without a signing secret, or in the local mode, the endpoint does not exist (404)", async () => {
    const local: LocalAuthConfig = { provider: "local", sessionSecret: "x".repeat(32), secureCookie: false };
    expect((await handleClerkWebhook(await webhookRequest(), { ...config, webhookSigningSecret: undefined }, testStore)).status).toBe(404);
    expect((await handleClerkWebhook(await webhookRequest(), local, testStore)).status).toBe(404);
    expect(await rowCount(DELETED_USER)).toBe(3);
  });

  it("only POST; an oversized body is refused before verification", async () => {
    const get = await handleClerkWebhook(await webhookRequest({ method: "GET" }), config, testStore);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const huge = await handleClerkWebhook(
      await webhookRequest({ body: JSON.stringify({ type: "user.deleted", data: { id: DELETED_USER }, pad: "x".repeat(300 * 1024) }) }),
      config,
      testStore,
    );
    expect(huge.status).toBe(413);
    expect(await rowCount(DELETED_USER)).toBe(3);
  });
});
