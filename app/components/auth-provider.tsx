import { svSE } from "@clerk/localizations/sv-SE";
import { ClerkProvider } from "@clerk/react-router";
import type { ReactNode } from "react";

/**
 * Wraps the page in Clerk's provider (every Clerk screen in Swedish) when the root loader carried
 * Clerk's state; with the local sign-in there is nothing to provide.
 */
export function AuthProvider({ loaderData, children }: { loaderData: unknown; children: ReactNode }) {
  if (!loaderData || typeof loaderData !== "object" || !("clerkState" in loaderData)) return children;
  return (
    <ClerkProvider
      loaderData={loaderData as Parameters<typeof ClerkProvider>[0]["loaderData"]}
      localization={svSE}
      signInUrl="/login"
      signUpUrl="/login"
      signInFallbackRedirectUrl="/recommendations"
      signUpFallbackRedirectUrl="/recommendations"
      afterSignOutUrl="/"
    >
      {children}
    </ClerkProvider>
  );
}
