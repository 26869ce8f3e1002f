import { clerkMiddleware, getAuth } from "@clerk/react-router/server";
import { waitUntil } from "cloudflare:workers";
import { createContext, data, type LoaderFunctionArgs, type MiddlewareFunction, RouterContextProvider } from "react-router";
import { recordActivity } from "#app/server/account/activity.server";
import { assertFormSubmission } from "#app/server/http/form-body.server";
import type { AuthConfig } from "./auth-config.server";
import { assertSameOrigin } from "./csrf.server";
import { getLocalSessionUser } from "./local-session.server";
import { servicesFrom } from "#app/server/services.server";

// Routes call getUserId / requireUserId and never know whether Clerk or the local sign-in answered.

export type SignedInUser = { id: string; displayName: string | null };

type AuthArgs = Pick<LoaderFunctionArgs, "request" | "context" | "params">;

/** The config the root middleware authenticated this request with; loaders and actions use the same one. */
const authConfigContext = createContext<AuthConfig | null>(null);

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
        authorizedParties: config.authorizedParties,
        signInUrl: "/login",
        signUpUrl: "/login",
      }),
    };
  }
  return clerk.middleware;
}

/** GET/HEAD only: a write racing a POST could bring back the activity row of an account that very POST deletes. */
async function noteActivity(args: AuthArgs, config: AuthConfig): Promise<void> {
  const method = args.request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return;
  const user = await getSignedInUser(args, config);
  const write = user ? recordActivity(servicesFrom(args.context).db, user.id) : null;
  if (write) waitUntil(write);
}

export function createAuthMiddleware(getConfig: (context: unknown) => AuthConfig = (context) => servicesFrom(context).auth): MiddlewareFunction<Response> {
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

export async function getClerkSessionId(args: AuthArgs): Promise<string | null> {
  const auth = await getAuth(args as LoaderFunctionArgs);
  return auth.sessionId ?? null;
}

export async function getUserId(args: AuthArgs): Promise<string | null> {
  return (await getSignedInUser(args))?.id ?? null;
}

export async function requireUserId(args: AuthArgs): Promise<string> {
  const userId = await getUserId(args);
  if (!userId) throw data("Not authenticated", { status: 401 });
  return userId;
}
