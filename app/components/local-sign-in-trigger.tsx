import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useLocation } from "react-router";
import { loginPathFor, safeRedirectPath } from "#app/lib/safe-redirect";

// Loaded when a buyer reaches for sign-in (≈ 37 KB gzip), not with every page: the landing budget is 115 KB.
const loadDialog = () => import("./local-sign-in-dialog");
const LazySignInDialog = lazy(() => loadDialog().then((module) => ({ default: module.SignInDialog })));

export function preloadSignInDialog(): void {
  void loadDialog();
}

/** Mounted on first use; render `element` anywhere in the component. */
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

/** A link to /login that, once hydrated, opens the dialog instead. */
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
