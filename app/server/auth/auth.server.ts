import { clerkMiddleware, getAuth } from "@clerk/react-router/server";
import { waitUntil } from "cloudflare:workers";
import { createContext, data, type LoaderFunctionArgs, type MiddlewareFunction, RouterContextProvider } from "react-router";
import { recordActivity } from "#app/server/account/activity.server";
import { assertFormSubmission } from "#app/server/http/form-body.server";
import type { AuthConfig } from "./auth-config.server";
import { assertSameOrigin } from "./csrf.server";
import { getLocalSessionUser } from "./local-session.server";
import { servicesFrom } from "#app/server/services.server";

/**
 * The one server interface for "who is signed in". Routes call getUserId / requireUserId and
 * never know whether Clerk (production) or the local sign-in (offline development) answered.
 */

/** What the header and pages may know about the signed-in buyer. */
export type SignedInUser = { id: string; displayName: string | null };

type AuthArgs = Pick<LoaderFunctionArgs, "request" | "context" | "params">;

/** The config the root middleware authenticated this request with; loaders and actions use the same one. */
const authConfigContext = createContext<AuthConfig | null>(null);

/** This request's auth config: the one the root middleware used, else the configured one. */
export function authConfigFor(args: Pick<AuthArgs, "context">): AuthConfig {
  const context = args.context as unknown;
  return (context instanceof RouterContextProvider ? context.get(authConfigContext) : null) ?? servicesFrom(context).auth;
}

let clerk: { key: string; middleware: MiddlewareFunction<Response> } | undefined;

function clerkMiddlewareFor(config: Extract<AuthConfig, { provider: "clerk" }>): MiddlewareFunction<Response> {
  const key = `${config.publishableKey}:${config.secretKey}:${config.jwtKey ?? ""}:${config.authorizedParties.join(",")}`;
  if (clerk?.key !== key) {
    clerk = {
      key,
      middleware: clerkMiddleware({
        publishableKey: config.publishableKey,
        secretKey: config.secretKey,
        jwtKey: config.jwtKey,
        // A token minted for another application on the same Clerk instance carries another azp.
        authorizedParties: config.authorizedParties,
        signInUrl: "/login",
        signUpUrl: "/login",
      }),
    };
  }
  return clerk.middleware;
}

/**
 * Notes the signed-in user's activity for the retention job, after the response (waitUntil).
 * Only on GET/HEAD: a signed-in visit always starts with one, and a write racing a POST could
 * bring back the activity row of an account that this very POST deletes.
 */
async function noteActivity(args: AuthArgs, config: AuthConfig): Promise<void> {
  const method = args.request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return;
  const user = await getSignedInUser(args, config);
  const write = user ? recordActivity(servicesFrom(args.context).db, user.id) : null;
  if (write) waitUntil(write);
}

/**
 * Root middleware: refuses cross-site state-changing requests (CSRF) and state-changing requests
 * that are not a readable form (415/413/400) before any action runs, then lets Clerk authenticate
 * the request when Clerk is the provider, and notes the user's activity.
 */
export function createAuthMiddleware(
  getConfig: (context: unknown) => AuthConfig = (context) => servicesFrom(context).auth,
): MiddlewareFunction<Response> {
  return async (args, next) => {
    assertSameOrigin(args.request);
    await assertFormSubmission(args.request);
    const config = getConfig(args.context);
    args.context.set(authConfigContext, config);
    if (config.provider === "clerk") {
      return clerkMiddlewareFor(config)(args, async () => {
        await noteActivity(args, config);
        return next();
      });
    }
    await noteActivity(args, config);
    return next();
  };
}

export const authMiddleware = createAuthMiddleware();

export async function getSignedInUser(args: AuthArgs, config: AuthConfig = authConfigFor(args)): Promise<SignedInUser | null> {
  if (config.provider === "clerk") {
    const auth = await getAuth(args as LoaderFunctionArgs);
    return auth.userId ? { id: auth.userId, displayName: null } : null;
  }
  const local = await getLocalSessionUser(args.request, config);
  return local ? { id: local.userId, displayName: local.email } : null;
}

/** The Clerk session behind this request (to revoke it on sign-out), or null. Clerk mode only. */
export async function getClerkSessionId(args: AuthArgs): Promise<string | null> {
  const auth = await getAuth(args as LoaderFunctionArgs);
  return auth.sessionId ?? null;
}

export async function getUserId(args: AuthArgs): Promise<string | null> {
  return (await getSignedInUser(args))?.id ?? null;
}

/** The signed-in user's id, or a 401 "Not authenticated" that the error boundary turns into a sign-in prompt. */
export async function requireUserId(args: AuthArgs): Promise<string> {
  const userId = await getUserId(args);
  if (!userId) throw data("Not authenticated", { status: 401 });
  return userId;
}
