import { clerkMiddleware, getAuth } from "@clerk/react-router/server";
import { data, type LoaderFunctionArgs, type MiddlewareFunction } from "react-router";
import { getAppEnv } from "#app/server/env.server";
import { type AuthConfig, resolveAuthConfig } from "./auth-config.server";
import { assertSameOrigin } from "./csrf.server";
import { getLocalSessionUser } from "./local-session.server";

/**
 * The one server interface for "who is signed in". Routes call getUserId / requireUserId and
 * never know whether Clerk (production) or the local sign-in (offline development) answered.
 */

/** What the header and pages may know about the signed-in buyer. */
export type SignedInUser = { id: string; displayName: string | null };

type AuthArgs = Pick<LoaderFunctionArgs, "request" | "context" | "params">;

export function getAuthConfig(): AuthConfig {
  return resolveAuthConfig(getAppEnv());
}

let clerk: { key: string; middleware: MiddlewareFunction<Response> } | undefined;

function clerkMiddlewareFor(config: Extract<AuthConfig, { provider: "clerk" }>): MiddlewareFunction<Response> {
  const key = `${config.publishableKey}:${config.secretKey}:${config.jwtKey ?? ""}`;
  if (clerk?.key !== key) {
    clerk = {
      key,
      middleware: clerkMiddleware({
        publishableKey: config.publishableKey,
        secretKey: config.secretKey,
        jwtKey: config.jwtKey,
        signInUrl: "/login",
        signUpUrl: "/login",
      }),
    };
  }
  return clerk.middleware;
}

/**
 * Root middleware: refuses cross-site state-changing requests (CSRF) before any action runs, then
 * lets Clerk authenticate the request when Clerk is the provider.
 */
export function createAuthMiddleware(getConfig: () => AuthConfig = getAuthConfig): MiddlewareFunction<Response> {
  return async (args, next) => {
    assertSameOrigin(args.request);
    const config = getConfig();
    if (config.provider === "clerk") return clerkMiddlewareFor(config)(args, next);
    return next();
  };
}

export const authMiddleware = createAuthMiddleware();

export async function getSignedInUser(args: AuthArgs, config: AuthConfig = getAuthConfig()): Promise<SignedInUser | null> {
  if (config.provider === "clerk") {
    const auth = await getAuth(args as LoaderFunctionArgs);
    return auth.userId ? { id: auth.userId, displayName: null } : null;
  }
  const local = await getLocalSessionUser(args.request, config);
  return local ? { id: local.userId, displayName: local.email } : null;
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
