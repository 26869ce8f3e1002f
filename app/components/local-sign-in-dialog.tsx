import { type RefObject, useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import type { LocalSignInActionData } from "#app/lib/sign-in-form";
import { LocalModeNotice } from "./local-mode-notice";
import { LocalSignInForm } from "./local-sign-in-form";
import { Button } from "./ui/button";

/** Opens itself each time `opens` grows; the sign-in's navigation closes it. */
export function SignInDialog({
  dialogRef,
  redirectTo,
  headingId,
  opens,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  redirectTo: string;
  headingId: string;
  opens: number;
}) {
  const fetcher = useFetcher<LocalSignInActionData>();
  const location = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (opens > 0 && dialog && !dialog.open) dialog.showModal();
  }, [opens, dialogRef]);

  // Close when sign-in navigates away, not on mount: the dialog mounts the moment it is first opened.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key === shownAt.current) return;
    shownAt.current = location.key;
    dialogRef.current?.close();
  }, [location.key, dialogRef]);

  return (
    <dialog ref={dialogRef} aria-labelledby={headingId} className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-stone-950/50">
      <div className="space-y-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-xl font-bold text-stone-950">
            Logga in på Drömbil
          </h2>
          <Button type="button" variant="ghost" size="sm" onClick={() => dialogRef.current?.close()}>
            Stäng
          </Button>
        </div>
        <LocalModeNotice />
        <LocalSignInForm redirectTo={redirectTo} fetcher={fetcher} />
      </div>
    </dialog>
  );
}
