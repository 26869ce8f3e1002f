import { lazy } from "react";
import { Form, Link } from "react-router";
import type { SignedInUser } from "#app/server/auth/auth.server";
import { LocalSignInLink } from "./local-sign-in-trigger";

// Clerk mode only; AuthProvider has already loaded the same chunk by the time the header renders.
const ClerkSignInButton = lazy(() => import("./clerk-widgets").then((module) => ({ default: module.ClerkSignInButton })));

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const navLink = `inline-flex h-10 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 ${focusRing}`;
const ctaLink = `inline-flex h-10 items-center whitespace-nowrap rounded-md bg-brand-700 px-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:px-4 ${focusRing}`;
const menuItem = `flex h-11 w-full items-center whitespace-nowrap rounded-md px-3 text-left text-base font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 sm:h-10 sm:text-sm ${focusRing}`;

type Props = { user: SignedInUser | null; authProvider: "clerk" | "local" };

/** Auth state comes from the root loader, so the server renders the right variant. */
export function SiteHeader({ user, authProvider }: Props) {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
        <Link
          to="/"
          className={`flex shrink-0 items-center gap-2 rounded-md text-lg font-bold text-brand-800 ${focusRing}`}
          aria-label="Drömbil – till startsidan"
        >
          <img src="/icon.svg" alt="" width="32" height="32" />
          {/* The link's name stays "Drömbil – till startsidan"; the narrowest phones keep the icon only. */}
          <span className="max-[359px]:sr-only">Drömbil</span>
        </Link>
        <nav aria-label="Huvudmeny">
          {user ? (
            <div className="flex items-center gap-1">
              {/* A popover menu on a phone, a plain row of links from the sm breakpoint on. */}
              <div
                id="phone-menu"
                popover="auto"
                className="inset-auto top-15 right-4 m-0 w-56 rounded-lg border border-stone-200 bg-white p-2 text-stone-900 shadow-lg sm:static sm:block sm:w-auto sm:overflow-visible sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
                onClick={(event) => {
                  // A client-side navigation keeps the header mounted: close the menu once a link is chosen.
                  const menu = event.currentTarget;
                  if (event.target instanceof Element && event.target.closest("a") && menu.matches(":popover-open")) menu.hidePopover();
                }}
              >
                <ul className="space-y-1 sm:flex sm:items-center sm:gap-1 sm:space-y-0">
                  <li>
                    <Link to="/recommendations" className={menuItem}>
                      Rekommendationer
                    </Link>
                  </li>
                  <li>
                    <LogoutForm authProvider={authProvider} className={menuItem} />
                  </li>
                </ul>
              </div>
              <Link to="/recommendations/create" className={ctaLink}>
                Hitta drömbil
              </Link>
              <button type="button" popoverTarget="phone-menu" className={`${navLink} gap-1 sm:hidden`}>
                Meny
                <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
                  <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </div>
          ) : (
            <ul className="flex items-center gap-1">
              <li className="hidden sm:block">
                <Link to="/#hur-det-fungerar" className={navLink}>
                  Så fungerar det
                </Link>
              </li>
              <li>{authProvider === "clerk" ? <ClerkSignInButton className={navLink} /> : <LocalSignInLink className={navLink} />}</li>
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

/** A plain form: works without JavaScript; with Clerk the reload restarts its SDK signed out. */
function LogoutForm({ authProvider, className }: { authProvider: Props["authProvider"]; className: string }) {
  return (
    <Form method="post" action="/logout" reloadDocument={authProvider === "clerk"}>
      <button type="submit" className={className}>
        Logga ut
      </button>
    </Form>
  );
}
