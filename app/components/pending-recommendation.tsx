import { DEGRADED_COPY } from "#app/lib/failure-copy";
import { type ReactNode, useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { PENDING_POLL_MS, PENDING_REFRESH_SECONDS } from "#app/lib/creation-job";
import { formatScore, formatSek } from "#app/lib/format";
import { CAR_TYPES, WISH_PARAM } from "#app/lib/search-options";
import type { SavedRecommendationInput } from "#app/lib/saved-recommendation";
import type { PendingCar, PendingView } from "#app/server/recommendations/recommendation-view.server";
import { CreateProgress } from "./create-progress";
import { UnderstoodRequirements } from "./understood-requirements";
import { FORMULA_TEXT } from "#app/lib/scoring";
import { Button } from "./ui/button";

/** The <noscript> refresh exists only when scripts are off; with JavaScript the page polls instead. */
function ReloadWithoutJavaScript() {
  return <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${PENDING_REFRESH_SECONDS}">` }} />;
}

function usePolling(view: PendingView) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setTimeout(
      () => {
        if (revalidator.state === "idle") void revalidator.revalidate();
      },
      view.cars === null ? PENDING_POLL_MS.ranking : PENDING_POLL_MS.writing,
    );
    return () => clearTimeout(timer);
  }, [view, revalidator]);
}

function Waiting({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-stone-600">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none" />
      {children}
    </span>
  );
}

function PendingCarCard({ car }: { car: PendingCar }) {
  return (
    <article aria-labelledby={`bil-${car.rank}-namn`} className="rounded-xl border border-stone-200 bg-white px-4 py-3" data-testid="pending-car">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold text-brand-700">Plats {car.rank}</p>
          <h3 id={`bil-${car.rank}-namn`} className="font-bold text-stone-950">
            {car.carName}
          </h3>
          {car.tagline ? <p className="text-sm leading-snug text-stone-700">{car.tagline}</p> : null}
        </div>
        <div className="flex-none text-right">
          <p className="text-xs text-stone-600">{car.scoreIsFinal ? "Slutbetyg" : "Betyg"}</p>
          <p className="text-xl font-bold tabular-nums text-stone-950">{formatScore(car.score)}</p>
        </div>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {car.textsReady ? <span className="text-sm text-stone-700">Analysen är skriven</span> : <Waiting>Analysen skrivs</Waiting>}
        {car.availabilityReady ? <span className="text-sm text-stone-700">Annonserna är kontrollerade</span> : <Waiting>Letar annonser på Blocket</Waiting>}
      </p>
    </article>
  );
}

function Heading({ input }: { input: SavedRecommendationInput }) {
  return (
    <p className="text-sm text-stone-700">
      {CAR_TYPES[input.carType]} upp till {formatSek(input.maxPrice)}
    </p>
  );
}

export function PendingRecommendation({ view, elapsedMs, adsChecked = true }: { view: PendingView; elapsedMs: number; adsChecked?: boolean }) {
  usePolling(view);
  const done = view.cars ? view.cars.filter((car) => car.textsReady && car.availabilityReady).length : 0;
  const status = view.cars ? `${view.cars.length} bilar rangordnade – ${done} av ${view.cars.length} klara` : "Bilarna rangordnas";
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-4 sm:py-8" data-testid="pending-recommendation">
      <ReloadWithoutJavaScript />
      {/* One live region from the first render: one that appears with its first message may not be announced. */}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      <header>
        <Link to="/recommendations" className="text-sm font-semibold text-brand-700 underline">
          <span aria-hidden="true">← </span>Alla rekommendationer
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-stone-950 sm:text-3xl">Dina bilförslag tas fram</h1>
        <Heading input={view.input} />
        <p className="mt-1 text-sm text-stone-700">Du kan stänga sidan: arbetet fortsätter och förslagen sparas under Alla rekommendationer när de är klara.</p>
      </header>

      {view.cars === null ? (
        <CreateProgress elapsedMs={elapsedMs} />
      ) : (
        <section aria-labelledby="ranked-heading" className="space-y-2">
          <h2 id="ranked-heading" className="font-semibold text-stone-950" data-testid="pending-status">
            {status}
          </h2>
          {/* Busy on the list only: on the page it would hold back the live status, and the page never leaves busy. */}
          <ol className="space-y-2" aria-label="Bilförslag i rangordning, under arbete" aria-busy="true">
            {view.cars.map((car) => (
              <li key={car.carName}>
                <PendingCarCard car={car} />
              </li>
            ))}
          </ol>
          <p className="text-sm text-stone-600">
            {adsChecked
              ? `Betyget är bilens eget tills annonserna för alla bilar är kontrollerade. Sedan visas slutbetyget (${FORMULA_TEXT}) och bilarna står i sin slutliga ordning.`
              : "Annonser kontrolleras inte just nu, så betyget är bilens eget."}
          </p>
        </section>
      )}

      <UnderstoodRequirements understood={view.understood} assumptions={null} shortfall={null} editHref={`/recommendations/${view.id}/tolkning`}>
        <blockquote className="border-l-4 border-brand-200 pl-3 text-stone-800">
          <span className="sr-only">Du skrev: </span>
          {view.input.description}
        </blockquote>
      </UnderstoodRequirements>
    </div>
  );
}

export function FailedRecommendation({ input, message, children }: { input: SavedRecommendationInput; message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-4 sm:py-8">
      <header>
        <Link to="/recommendations" className="text-sm font-semibold text-brand-700 underline">
          <span aria-hidden="true">← </span>Alla rekommendationer
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-stone-950 sm:text-3xl">{DEGRADED_COPY["job-failed-heading"]}</h1>
        <Heading input={input} />
      </header>
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900" data-testid="job-failed">
        <p>{message}</p>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        {/* Posted, so the wish never travels in a URL (routes/home.tsx carries it to the create form); a plain
            form, since the page is also rendered outside a data router. */}
        <form method="post" action="/?index">
          <input type="hidden" name={WISH_PARAM} value={input.description} />
          <Button type="submit" size="md">
            Försök igen med samma önskemål
          </Button>
        </form>
        {children}
      </div>
    </div>
  );
}
