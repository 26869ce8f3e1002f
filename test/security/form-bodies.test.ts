import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action as accountDeleteAction } from "#app/routes/account-delete";
import { action as homeAction } from "#app/routes/home";
import { action as loginAction } from "#app/routes/login";
import { action as logoutAction } from "#app/routes/logout";
import { action as notFoundAction } from "#app/routes/not-found";
import { action as unlockAction } from "#app/routes/recommendation-unlock";
import { action as listAction } from "#app/routes/recommendations";
import { action as createAction } from "#app/routes/recommendations-create";
import { createRecommendationForUser } from "#app/server/db/recommendations.server";
import { FORM_BODY_COPY } from "#app/lib/failure-copy";
import { MAX_FORM_BYTES } from "#app/server/http/form-body.server";

const NOT_A_FORM_MESSAGE = FORM_BODY_COPY["not-a-form"];
const FORM_TOO_LARGE_MESSAGE = FORM_BODY_COPY["too-large"];
const MALFORMED_FORM_MESSAGE = FORM_BODY_COPY.malformed;
import { buildInput, buildResult } from "#test/fixtures/recommendations";
import { authMiddleware } from "#app/server/auth/auth.server";
import { ORIGIN, routeArgs, SAME_ORIGIN, type Session, settle, signIn } from "#test/setup/route-harness";
import { snapshotRecommendations } from "./security-harness";
import { testDb, testResults } from "#test/setup/test-store";

/**
 * Bodies that are not an HTML form, on EVERY action: the root middleware answers 415 / 413 / 400
 * with a Swedish message before the action runs (`request.formData()` would throw there: a 500).
 * Same-origin and signed in, so only the body is wrong. Add a row when you add an action.
 */

let owner: Session;
let id: string;

beforeAll(async () => {
  owner = await signIn("formular-agare@example.se");
  id = (await createRecommendationForUser(owner.userId, { input: buildInput(), recommendation: buildResult(3) }, testDb, testResults)).id;
});

const ACTIONS: readonly { name: string; action: (args: never) => unknown; path: () => string; params?: () => Record<string, string> }[] = [
  { name: "login", action: loginAction, path: () => "/login" },
  { name: "logout", action: logoutAction, path: () => "/logout" },
  { name: "landing wish", action: homeAction, path: () => "/?index" },
  { name: "create", action: createAction, path: () => "/recommendations/create" },
  { name: "unlock", action: unlockAction, path: () => `/recommendations/${id}/unlock`, params: () => ({ id }) },
  { name: "list delete", action: listAction, path: () => "/recommendations" },
  { name: "account deletion", action: accountDeleteAction, path: () => "/konto/radera" },
  { name: "unknown URL", action: notFoundAction, path: () => "/finns-inte" },
];

/** A body that arrives in chunks without a Content-Length, as a streaming client sends it. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new TextEncoder().encode(`a=${"x".repeat(16 * 1024)}&`);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

type BadBody = { name: string; contentType?: string; body?: () => BodyInit; status: 400 | 413 | 415; message: string };

const BAD_BODIES: readonly BadBody[] = [
  {
    name: "JSON",
    contentType: "application/json",
    body: () => JSON.stringify({ email: "a@example.se", intent: "delete", id }),
    status: 415,
    message: NOT_A_FORM_MESSAGE,
  },
  {
    name: "JSON claiming to be a form field",
    contentType: "application/json; charset=utf-8",
    body: () => '{"confirmation":"RADERA"}',
    status: 415,
    message: NOT_A_FORM_MESSAGE,
  },
  { name: "garbage bytes without a content type", body: () => new Uint8Array([0, 255, 1, 254, 13, 10, 0]), status: 415, message: NOT_A_FORM_MESSAGE },
  { name: "no body and no content type", status: 415, message: NOT_A_FORM_MESSAGE },
  {
    name: "text/plain (a form with enctype=text/plain)",
    contentType: "text/plain",
    body: () => "email=a@example.se",
    status: 415,
    message: NOT_A_FORM_MESSAGE,
  },
  { name: "XML", contentType: "application/xml", body: () => "<x/>", status: 415, message: NOT_A_FORM_MESSAGE },
  { name: "multipart without a boundary", contentType: "multipart/form-data", body: () => "garbage", status: 400, message: MALFORMED_FORM_MESSAGE },
  {
    name: "multipart with a garbage body",
    contentType: "multipart/form-data; boundary=abc",
    body: () => "this is not multipart",
    status: 400,
    message: MALFORMED_FORM_MESSAGE,
  },
  {
    name: "an oversized form",
    contentType: "application/x-www-form-urlencoded",
    body: () => `email=${"x".repeat(MAX_FORM_BYTES)}`,
    status: 413,
    message: FORM_TOO_LARGE_MESSAGE,
  },
  {
    name: "an oversized form streamed without Content-Length",
    contentType: "application/x-www-form-urlencoded",
    body: () => streamOf(4 * MAX_FORM_BYTES),
    status: 413,
    message: FORM_TOO_LARGE_MESSAGE,
  },
];

async function snapshotEverything(): Promise<string> {
  const { results } = await env.DB.prepare("select user_id, last_active_on from user_activity order by user_id").all();
  return `${await snapshotRecommendations()}|${JSON.stringify(results)}`;
}

function post(row: (typeof ACTIONS)[number], bad: BadBody): Promise<Response> {
  const body = bad.body?.();
  const request = new Request(`${ORIGIN}${row.path()}`, {
    method: "POST",
    body,
    headers: { ...SAME_ORIGIN, Cookie: owner.cookie, ...(bad.contentType ? { "Content-Type": bad.contentType } : {}) },
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  if (!bad.contentType && body !== undefined) request.headers.delete("Content-Type");
  const args = routeArgs(request, row.params?.() ?? {});
  return settle(() => authMiddleware(args, () => settle(() => row.action(args))));
}

describe("non-form bodies on every action: 4xx with a Swedish message, never a 5xx, nothing written", () => {
  for (const row of ACTIONS) {
    for (const bad of BAD_BODIES) {
      it(`${row.name}: ${bad.name} → ${bad.status}`, async () => {
        const before = await snapshotEverything();
        const response = await post(row, bad);
        expect(response.status).toBe(bad.status);
        expect(await response.json()).toBe(bad.message);
        expect(response.headers.get("Set-Cookie")).toBeNull();
        expect(await snapshotEverything()).toBe(before);
      });
    }
  }

  it("the messages are Swedish", () => {
    for (const message of [NOT_A_FORM_MESSAGE, FORM_TOO_LARGE_MESSAGE, MALFORMED_FORM_MESSAGE]) expect(message).toMatch(/formulär/i);
  });

  it("real forms still get through, urlencoded and multipart (the check refuses bodies, not forms)", async () => {
    const urlencoded = await settle(() =>
      authMiddleware(
        routeArgs(new Request(`${ORIGIN}/login`, { method: "POST", body: new URLSearchParams({ email: "form@example.se" }), headers: SAME_ORIGIN })),
        () =>
          settle(() =>
            loginAction(
              routeArgs(new Request(`${ORIGIN}/login`, { method: "POST", body: new URLSearchParams({ email: "form@example.se" }), headers: SAME_ORIGIN })),
            ),
          ),
      ),
    );
    expect(urlencoded.status).toBe(302);
    const multipartBody = new FormData();
    multipartBody.set("email", "multipart@example.se");
    const request = new Request(`${ORIGIN}/login`, { method: "POST", body: multipartBody, headers: SAME_ORIGIN });
    const args = routeArgs(request);
    // The middleware reads a clone; the action must still see the whole body.
    const multipart = await settle(() => authMiddleware(args, () => settle(() => loginAction(args))));
    expect(multipart.status).toBe(302);
    expect(multipart.headers.get("Set-Cookie")).toMatch(/^__drombil_session=/);
  });
});
