import { useEffect, useState } from "react";

/** The bar rises 2.5 points a second and waits at 95 until the answer arrives. */
export const PROGRESS_STEP_PER_SECOND = 2.5;
export const PROGRESS_CAP = 95;

export function progressStatus(value: number): string {
  if (value <= 25) return "Genererar AI rekommendation...";
  if (value <= 50) return "Analyserar din data...";
  if (value <= 75) return "Samlar in data från marknadsplatser...";
  return "Sammanställer din rekommendation...";
}

/** Shown while the create request runs (JavaScript only; without it the browser shows its own loading). */
export function CreateProgress() {
  const [value, setValue] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const seconds = (Date.now() - started) / 1000;
      setValue(Math.min(PROGRESS_CAP, Math.floor(seconds) * PROGRESS_STEP_PER_SECOND));
    }, 250);
    return () => clearInterval(timer);
  }, []);
  const status = progressStatus(value);
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 p-4" aria-live="polite">
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
