import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { action as loginAction } from "#app/routes/login";
import { recordActivity } from "#app/server/account/activity.server";
import { authMiddleware, requestAuthContext } from "#app/server/auth/auth.server";
import { localUserIdForEmail } from "#app/server/auth/local-session.server";
import { type Services, servicesContext, servicesFor } from "#app/server/services.server";

/** Calls route loaders and actions inside workerd the way React Router does. */

export const ORIGIN = "http://localhost:5173";
export const SAME_ORIGIN = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };

/** A request context as workers/app.ts builds it: the deployment's services and auth in it (or another configuration's). */
export function testContext(services: Services = servicesFor(env)): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestAuthContext, { config: services.auth, noteVisit: (userId) => recordActivity(services.db, userId) });
  return context;
}

export function routeArgs(request: Request, params: Record<string, string> = {}, services?: Services) {
  return { request, context: testContext(services), params, unstable_pattern: "" } as never;
}

type DataInit = { status?: number; headers?: HeadersInit };

/** Of `data()`'s headers React Router sends only Set-Cookie (unless the route exports `headers`; see react-router-handler.ts). */
function cookiesOf(init: DataInit | null | undefined): Headers {
  const headers = new Headers();
  for (const cookie of new Headers(init?.headers).getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Turns what a loader/action returned or threw into a Response, as React Router would. */
export async function settle(run: () => unknown): Promise<Response> {
  try {
    const value = await run();
    if (value instanceof Response) return value;
    const wrapped = (value as { type?: string } | null)?.type === "DataWithResponseInit";
    const init = wrapped ? (value as { init?: DataInit | null }).init : null;
    const body = wrapped ? (value as { data: unknown }).data : value;
    return new Response(JSON.stringify(body ?? null), { status: init?.status ?? 200, headers: cookiesOf(init) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const status = (thrown as { init?: { status?: number } })?.init?.status;
    if (status) return new Response(JSON.stringify((thrown as { data: unknown }).data ?? null), { status });
    throw thrown;
  }
}

type RouteFunction = (args: never) => unknown;

/** A request through the root middleware (CSRF, auth) and then the loader or action. */
export function run(
  handler: RouteFunction,
  path: string,
  {
    method = "GET",
    cookie,
    fields,
    params = {},
    headers = method === "GET" ? {} : SAME_ORIGIN,
    services,
  }: {
    method?: string;
    cookie?: string;
    fields?: Record<string, string>;
    params?: Record<string, string>;
    headers?: Record<string, string>;
    /** The services of another configuration (servicesFor of a changed env); the deployment's by default. */
    services?: Services;
  } = {},
): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    ...(fields ? { body: new URLSearchParams(fields) } : {}),
    headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const args = routeArgs(request, params, services);
  return settle(() => authMiddleware(args, () => settle(() => handler(args))));
}

export type Session = { cookie: string; userId: string };

export async function signIn(email: string): Promise<Session> {
  const response = await run(loginAction, "/login", { method: "POST", fields: { email, redirectTo: "/recommendations" } });
  if (response.status !== 302) throw new Error(`Sign-in failed with ${response.status}`);
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return { cookie, userId: await localUserIdForEmail(email) };
}
