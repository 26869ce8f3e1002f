import { svSE } from "@clerk/localizations/sv-SE";
import { ClerkProvider, SignIn, SignInButton } from "@clerk/react-router";
import type { ComponentProps, ReactNode } from "react";

/** Only ever imported dynamically: the local mode ships neither Clerk's SDK nor its Swedish strings (≈ 46 KB gzip). */
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

/** Clerk's modal with our label: the button's own is English. */
export function ClerkSignInButton({ className }: { className: string }) {
  return (
    <SignInButton mode="modal" forceRedirectUrl="/recommendations">
      <button type="button" className={className}>
        Logga in
      </button>
    </SignInButton>
  );
}

export function ClerkSignIn({ redirectTo }: { redirectTo: string }) {
  return <SignIn routing="hash" withSignUp forceRedirectUrl={redirectTo} signUpForceRedirectUrl={redirectTo} />;
}
