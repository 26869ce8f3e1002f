import { useEffect, useRef, useState } from "react";
import type { ReadingPreview } from "#app/lib/reading-items";
import { type AdditionChoices, ReadingAdditionFields } from "./reading-addition";
import { ReadingEditor } from "./reading-editor";

const PREVIEW_DEBOUNCE_MS = 400;
const PREVIEW_URL = "/recommendations/tolkning";
const WATCHED = ["description", "maxPrice", "carType", "sellerType"];

type State = { status: "idle" } | { status: "ready"; preview: ReadingPreview } | { status: "message"; message: string };

export type TypedAddition = { values: Record<string, string>; errors: Record<string, string> };

/** Follows the typing with JavaScript; without it only "Lägg till" stands in the form (<noscript>), the rest is corrected on the result. */
export function LiveReading({ formId, addition, typed }: { formId: string; addition: AdditionChoices; typed?: TypedAddition | undefined }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const [busy, setBusy] = useState(false);
  const latest = useRef<AbortController | null>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const ask = async () => {
      const all = new FormData(form);
      const body = new URLSearchParams();
      for (const name of WATCHED) body.set(name, String(all.get(name) ?? ""));
      if ((body.get("description") ?? "").trim() === "") {
        latest.current?.abort();
        setState({ status: "idle" });
        return;
      }
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      setBusy(true);
      try {
        const response = await fetch(PREVIEW_URL, { method: "POST", body, signal: controller.signal, headers: { Accept: "application/json" } });
        const answer = (await response.json()) as Partial<ReadingPreview> & { message?: string };
        if (controller.signal.aborted) return;
        if (answer.rows) setState({ status: "ready", preview: { rows: answer.rows, noted: answer.noted ?? [], notice: answer.notice ?? null } });
        else setState({ status: "message", message: answer.message ?? "Tolkningen kunde inte visas just nu." });
      } catch {
        if (!controller.signal.aborted) setState({ status: "message", message: "Tolkningen kunde inte visas just nu. Du kan skicka formuläret ändå." });
      } finally {
        if (latest.current === controller) setBusy(false);
      }
    };

    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (!target || !WATCHED.includes(target.name)) return;
      clearTimeout(timer);
      timer = setTimeout(ask, PREVIEW_DEBOUNCE_MS);
    };
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    // A wish carried from the landing page is read at once.
    void ask();
    return () => {
      clearTimeout(timer);
      latest.current?.abort();
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
    };
  }, [formId]);

  if (state.status === "idle")
    return (
      <>
        <div aria-live="polite" className="sr-only" />
        <noscript>
          <ReadingAdditionFields addition={addition} idPrefix="create-ny" typed={typed?.values} errors={typed?.errors} />
        </noscript>
      </>
    );
  const rows = state.status === "ready" ? state.preview.rows : [];
  const noted = state.status === "ready" ? state.preview.noted : [];
  const notice = state.status === "ready" ? state.preview.notice : { kind: "unclear" as const, message: state.message };
  return (
    <section aria-labelledby="live-reading-heading" className="rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4" data-testid="live-reading">
      <h2 id="live-reading-heading" className="text-base font-semibold text-stone-950">
        Så tolkade vi dig
      </h2>
      <p className="mt-0.5 text-sm text-stone-600">
        Stämmer något inte? Ändra värdet, kryssa i Ta bort, gör ett krav till ett önskemål eller lägg till något vi missade, så gäller det du väljer.
      </p>
      <div aria-live="polite" className="mt-2 text-sm">
        {notice ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950" data-testid="live-reading-notice">
            {notice.message}
          </p>
        ) : (
          <p className="sr-only">{busy ? "Tolkningen uppdateras." : `Tolkningen visar ${rows.length} punkter.`}</p>
        )}
      </div>
      {state.status === "ready" ? (
        <div className="mt-3" aria-busy={busy}>
          <ReadingEditor rows={rows} noted={noted} idPrefix="live" addition={addition} />
        </div>
      ) : null}
    </section>
  );
}
