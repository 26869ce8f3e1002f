import { useEffect, useRef, useState } from "react";

/** The bar rises 2.5 points a second and waits at 95 until the answer arrives. */
const PROGRESS_STEP_PER_SECOND = 2.5;
const PROGRESS_CAP = 95;

function progressStatus(value: number): string {
  if (value <= 25) return "Genererar AI rekommendation...";
  if (value <= 50) return "Analyserar din data...";
  if (value <= 75) return "Samlar in data från marknadsplatser...";
  return "Sammanställer din rekommendation...";
}

function progressValue(elapsedMs: number): number {
  return Math.min(PROGRESS_CAP, Math.floor(Math.max(0, elapsedMs) / 1000) * PROGRESS_STEP_PER_SECOND);
}

/** `elapsedMs` comes from the server, so a reload or a render without JavaScript continues the bar. */
export function CreateProgress({ elapsedMs = 0, bringIntoView = false }: { elapsedMs?: number; bringIntoView?: boolean }) {
  const [value, setValue] = useState(() => progressValue(elapsedMs));
  const box = useRef<HTMLDivElement>(null);
  // Shown under a form the buyer has scrolled through: on a phone it would start below the fold.
  // Centred rather than "nearest": the status line under the bar grows after the scroll.
  useEffect(() => {
    if (bringIntoView) box.current?.scrollIntoView({ block: "center" });
  }, [bringIntoView]);
  useEffect(() => {
    const started = Date.now() - elapsedMs;
    const timer = setInterval(() => setValue(progressValue(Date.now() - started)), 250);
    return () => clearInterval(timer);
  }, [elapsedMs]);
  const status = progressStatus(value);
  return (
    <div ref={box} className="scroll-mb-4 rounded-lg border border-brand-200 bg-brand-50 p-4" aria-live="polite">
      <p className="font-semibold text-brand-900" data-testid="create-status">
        {status}
      </p>
      <div
        role="progressbar"
        aria-label="Förloppet för din rekommendation"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value} procent – ${status}`}
        className="mt-3 h-3 overflow-hidden rounded-full bg-white"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
