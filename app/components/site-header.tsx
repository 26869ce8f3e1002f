import { lazy } from "react";
import { Form, Link } from "react-router";
import type { SignedInUser } from "#app/server/auth/auth.server";
import { LocalSignInDialog } from "./local-sign-in-dialog";

// Clerk's button loads only in the Clerk mode (see clerk-widgets.tsx); by the time the header
// renders it, AuthProvider has already loaded the same chunk.
const ClerkSignInButton = lazy(() => import("./clerk-widgets").then((module) => ({ default: module.ClerkSignInButton })));

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const ctaLink =
  "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

type Props = { user: SignedInUser | null; authProvider: "clerk" | "local" };

/** The auth state comes from the root loader, so the server renders the right variant. */
export function SiteHeader({ user, authProvider }: Props) {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold text-brand-800" aria-label="Drömbil – till startsidan">
          <img src="/icon.svg" alt="" width="32" height="32" />
          <span>Drömbil</span>
        </Link>
        <nav aria-label="Huvudmeny">
          {user ? (
            <ul className="flex flex-wrap items-center gap-1">
              <li>
                <Link to="/recommendations" className={navLink}>
                  Rekommendationer
                </Link>
              </li>
              <li>
                {/* A plain form in both modes: works without JavaScript. With Clerk the page reloads
                    after it, so Clerk's browser SDK starts again from the server's signed-out state. */}
                <Form method="post" action="/logout" reloadDocument={authProvider === "clerk"}>
                  <button type="submit" className={navLink}>
                    Logga ut
                  </button>
                </Form>
              </li>
              <li>
                <Link to="/recommendations/create" className={ctaLink}>
                  Hitta drömbil
                </Link>
              </li>
            </ul>
          ) : (
            <ul className="flex flex-wrap items-center gap-1">
              <li>
                <Link to="/#hur-det-fungerar" className={navLink}>
                  Så fungerar det
                </Link>
              </li>
              <li>
                {authProvider === "clerk" ? <ClerkSignInButton className={navLink} /> : <LocalSignInDialog className={navLink} />}
              </li>
              <li>
                <Link to="/#primary" className={ctaLink}>
                  Hitta drömbil
                </Link>
              </li>
            </ul>
          )}
        </nav>
      </div>
    </header>
  );
}
