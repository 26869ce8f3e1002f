import { type RefObject, useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { loginPathFor, safeRedirectPath } from "#app/lib/safe-redirect";
import type { LocalSignInActionData } from "#app/lib/sign-in-form";
import { LocalModeNotice, LocalSignInForm } from "./local-sign-in-form";

/**
 * The header's "Logga in" in local mode: a plain link to /login (works without JavaScript) that,
 * once hydrated, opens the same form in a modal dialog instead.
 */
export function LocalSignInDialog({ className }: { className: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const currentPath = `${location.pathname}${location.search}`;
  const href = loginPathFor(currentPath);
  const redirectTo = safeRedirectPath(new URL(href, "http://x").searchParams.get("redirectTo"));

  return (
    <>
      <a
        href={href}
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          dialogRef.current?.showModal();
        }}
      >
        Logga in
      </a>
      <SignInDialog dialogRef={dialogRef} redirectTo={redirectTo} headingId="sign-in-dialog-heading" />
    </>
  );
}

/**
 * The local sign-in form in a modal `<dialog>`; whoever holds `dialogRef` opens it with
 * `showModal()`. A successful sign-in navigates to `redirectTo`, which closes it.
 */
export function SignInDialog({ dialogRef, redirectTo, headingId }: { dialogRef: RefObject<HTMLDialogElement | null>; redirectTo: string; headingId: string }) {
  const fetcher = useFetcher<LocalSignInActionData>();
  const location = useLocation();

  // A successful sign-in navigates away; close the dialog when that happens.
  useEffect(() => {
    dialogRef.current?.close();
  }, [location.key, dialogRef]);

  return (
    <dialog ref={dialogRef} aria-labelledby={headingId} className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-stone-950/50">
      <div className="space-y-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-xl font-bold text-stone-950">
            Logga in på Drömbil
          </h2>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded-md px-2 py-1 text-sm font-semibold text-stone-700 hover:bg-stone-100"
          >
            Stäng
          </button>
        </div>
        <LocalModeNotice />
        <LocalSignInForm redirectTo={redirectTo} fetcher={fetcher} />
      </div>
    </dialog>
  );
}
