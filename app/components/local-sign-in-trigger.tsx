import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useLocation } from "react-router";
import { loginPathFor, safeRedirectPath } from "#app/lib/safe-redirect";

/*
 * Sign-in in local mode opens a modal dialog with JavaScript (a plain link to /login without it).
 * The dialog and its form (Conform and zod, ≈ 37 KB gzip) load when a buyer reaches for sign-in
 * (hover, focus, typing a wish, or the tap itself), not with every page: the header is on all of
 * them, and the landing page's JavaScript budget is 115 KB.
 */
const loadDialog = () => import("./local-sign-in-dialog");
const LazySignInDialog = lazy(() => loadDialog().then((module) => ({ default: module.SignInDialog })));

/** Starts loading the sign-in dialog (idempotent: the module is fetched once). */
export function preloadSignInDialog(): void {
  void loadDialog();
}

/**
 * A sign-in dialog mounted on first use: `open(redirectTo)` loads it if needed and shows it;
 * render `element` anywhere in the component.
 */
export function useSignInDialog(headingId: string): { open: (redirectTo: string) => void; element: ReactNode } {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<{ redirectTo: string; opens: number } | null>(null);
  const open = (redirectTo: string) => setState((previous) => ({ redirectTo, opens: (previous?.opens ?? 0) + 1 }));
  const element = state ? (
    <Suspense fallback={null}>
      <LazySignInDialog dialogRef={dialogRef} redirectTo={state.redirectTo} headingId={headingId} opens={state.opens} />
    </Suspense>
  ) : null;
  return { open, element };
}

/** The header's "Logga in" in local mode: a link to /login that, once hydrated, opens the dialog instead. */
export function LocalSignInLink({ className }: { className: string }) {
  const location = useLocation();
  const href = loginPathFor(`${location.pathname}${location.search}`);
  const redirectTo = safeRedirectPath(new URL(href, "http://x").searchParams.get("redirectTo"));
  const dialog = useSignInDialog("sign-in-dialog-heading");
  return (
    <>
      <a
        href={href}
        className={className}
        onPointerEnter={preloadSignInDialog}
        onFocus={preloadSignInDialog}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          dialog.open(redirectTo);
        }}
      >
        Logga in
      </a>
      {dialog.element}
    </>
  );
}
