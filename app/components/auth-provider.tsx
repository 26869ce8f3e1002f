import { lazy, type ReactNode } from "react";

// Clerk's browser SDK and its Swedish localisation load only when the root loader carried Clerk's
// state. No Suspense boundary on purpose: the server waits for the module (once per isolate) and
// renders Clerk's markup, and the browser keeps that markup until the chunk is there to hydrate it.
const ClerkAuthProvider = lazy(() => import("./clerk-widgets").then((module) => ({ default: module.ClerkAuthProvider })));

/**
 * Wraps the page in Clerk's provider (every Clerk screen in Swedish) when the root loader carried
 * Clerk's state; with the local sign-in there is nothing to provide.
 */
export function AuthProvider({ loaderData, children }: { loaderData: unknown; children: ReactNode }) {
  if (!loaderData || typeof loaderData !== "object" || !("clerkState" in loaderData)) return children;
  return <ClerkAuthProvider loaderData={loaderData}>{children}</ClerkAuthProvider>;
}
