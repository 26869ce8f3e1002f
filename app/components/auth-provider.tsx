import { lazy, type ReactNode } from "react";

// No Suspense boundary on purpose: the server waits for the module and renders Clerk's markup, which the browser keeps until the chunk is there to hydrate it.
const ClerkAuthProvider = lazy(() => import("./clerk-widgets").then((module) => ({ default: module.ClerkAuthProvider })));

export function AuthProvider({ loaderData, children }: { loaderData: unknown; children: ReactNode }) {
  if (!loaderData || typeof loaderData !== "object" || !("clerkState" in loaderData)) return children;
  return <ClerkAuthProvider loaderData={loaderData}>{children}</ClerkAuthProvider>;
}
