import { svSE } from "@clerk/localizations/sv-SE";
import { ClerkProvider, SignIn, SignInButton } from "@clerk/react-router";
import type { ComponentProps, ReactNode } from "react";

/**
 * Everything the browser needs from Clerk, in one module that is only ever imported dynamically
 * (`auth-provider.tsx`, `site-header.tsx`, `routes/login.tsx`): in the local mode neither Clerk's
 * React SDK nor its Swedish strings (≈ 46 KB gzip together) reach the browser.
 */
export function ClerkAuthProvider({ loaderData, children }: { loaderData: unknown; children: ReactNode }) {
  return (
    <ClerkProvider
      loaderData={loaderData as ComponentProps<typeof ClerkProvider>["loaderData"]}
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

/** The header's "Logga in" with Clerk: Clerk's modal (the button's own label is English, hence ours). */
export function ClerkSignInButton({ className }: { className: string }) {
  return (
    <SignInButton mode="modal" forceRedirectUrl="/recommendations">
      <button type="button" className={className}>
        Logga in
      </button>
    </SignInButton>
  );
}

/** Clerk's sign-in (and sign-up) widget for /login. */
export function ClerkSignIn({ redirectTo }: { redirectTo: string }) {
  return <SignIn routing="hash" withSignUp forceRedirectUrl={redirectTo} signUpForceRedirectUrl={redirectTo} />;
}
