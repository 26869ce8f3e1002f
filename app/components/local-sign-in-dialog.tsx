import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { loginPathFor, safeRedirectPath } from "#app/lib/safe-redirect";
import type { LocalSignInActionData } from "#app/lib/sign-in-form";
import { LocalModeNotice } from "./local-mode-notice";

/*
 * The form (Conform and zod, ≈ 37 KB gzip) is loaded when the buyer reaches for "Logga in" (hover,
 * focus or tap), not with every page: the header is on all of them, and the landing page's
 * JavaScript budget is 115 KB. Without JavaScript the link goes to /login, which has the form.
 */
const loadForm = () => import("./local-sign-in-form");
const LocalSignInForm = lazy(() => loadForm().then((module) => ({ default: module.LocalSignInForm })));

/** Starts loading the sign-in form (idempotent: the module is fetched once). */
export function preloadSignInForm(): void {
  void loadForm();
}

const OPEN_EVENT = "drombil:open-sign-in";

/** Opens a sign-in dialog (the form inside loads now if it has not yet). */
export function openSignInDialog(dialog: HTMLDialogElement | null): void {
  if (!dialog) return;
  dialog.dispatchEvent(new Event(OPEN_EVENT));
  dialog.showModal();
}

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
        onPointerEnter={preloadSignInForm}
        onFocus={preloadSignInForm}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          openSignInDialog(dialogRef.current);
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
 * `openSignInDialog`. A successful sign-in navigates to `redirectTo`, which closes it.
 */
export function SignInDialog({ dialogRef, redirectTo, headingId }: { dialogRef: RefObject<HTMLDialogElement | null>; redirectTo: string; headingId: string }) {
  const fetcher = useFetcher<LocalSignInActionData>();
  const location = useLocation();
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    const onOpen = () => setOpened(true);
    dialog?.addEventListener(OPEN_EVENT, onOpen);
    return () => dialog?.removeEventListener(OPEN_EVENT, onOpen);
  }, [dialogRef]);

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
        {opened ? (
          <Suspense fallback={<p className="text-sm text-stone-700">Hämtar inloggningen …</p>}>
            <LocalSignInForm redirectTo={redirectTo} fetcher={fetcher} />
          </Suspense>
        ) : null}
      </div>
    </dialog>
  );
}
