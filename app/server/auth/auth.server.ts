import { clerkMiddleware, getAuth } from "@clerk/react-router/server";
import { waitUntil } from "cloudflare:workers";
import { createContext, data, type LoaderFunctionArgs, type MiddlewareFunction, RouterContextProvider } from "react-router";
import { assertFormSubmission } from "#app/server/http/form-body.server";
import type { AuthConfig, ClerkAuthConfig } from "./auth-config.server";
import { assertSameOrigin } from "./csrf.server";
import { getLocalSessionUser } from "./local-session.server";

// Routes call getUserId / requireUserId and never know whether Clerk or the local sign-in answered.

export type SignedInUser = { id: string; displayName: string | null };

type AuthArgs = Pick<LoaderFunctionArgs, "request" | "context" | "params">;

/** Handed in with each request by the composition root (workers/app.ts): the deployment's auth config, and how a signed-in visit is noted. */
export type RequestAuth = { config: AuthConfig; noteVisit: (userId: string) => Promise<void> | null };

export const requestAuthContext = createContext<RequestAuth | null>(null);

function requestAuthFrom(context: unknown): RequestAuth {
  const auth = context instanceof RouterContextProvider ? context.get(requestAuthContext) : null;
  if (!auth) throw new Error("No auth in the request context: requests enter through workers/app.ts");
  return auth;
}

/** The config the root middleware authenticated this request with; loaders and actions use the same one. */
export function authConfigFor(args: Pick<AuthArgs, "context">): AuthConfig {
  return requestAuthFrom(args.context).config;
}

/** Keyed by the config object, which the composition root builds once per deployment: no secret ever forms a key. */
const clerkMiddlewares = new WeakMap<ClerkAuthConfig, MiddlewareFunction<Response>>();

function clerkMiddlewareFor(config: ClerkAuthConfig): MiddlewareFunction<Response> {
  let middleware = clerkMiddlewares.get(config);
  if (!middleware) {
    middleware = clerkMiddleware({
      publishableKey: config.publishableKey,
      secretKey: config.secretKey,
      jwtKey: config.jwtKey,
      authorizedParties: config.authorizedParties,
      signInUrl: "/login",
      signUpUrl: "/login",
    });
    clerkMiddlewares.set(config, middleware);
  }
  return middleware;
}

/** GET/HEAD only: a write racing a POST could bring back the activity row of an account that very POST deletes. */
async function noteActivity(args: AuthArgs, auth: RequestAuth): Promise<void> {
  const method = args.request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return;
  const user = await getSignedInUser(args, auth.config);
  const write = user ? auth.noteVisit(user.id) : null;
  if (write) waitUntil(write);
}

/** `configFor` replaces the deployment's config for this request (tests sign in through Clerk with it). */
export function createAuthMiddleware(configFor?: (context: unknown) => AuthConfig): MiddlewareFunction<Response> {
  return async (args, next) => {
    assertSameOrigin(args.request);
    await assertFormSubmission(args.request);
    const given = requestAuthFrom(args.context);
    const auth = configFor ? { ...given, config: configFor(args.context) } : given;
    args.context.set(requestAuthContext, auth);
    const { config } = auth;
    if (config.provider === "clerk") {
      return clerkMiddlewareFor(config)(args, async () => {
        await noteActivity(args, auth);
        return next();
      });
    }
    await noteActivity(args, auth);
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
