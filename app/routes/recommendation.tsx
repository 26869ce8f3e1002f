import { data, Form, Link, useLoaderData } from "react-router";
import { CarDetails } from "#app/components/car-details";
import { CompareTable } from "#app/components/compare-table";
import { DeleteRecommendationForm } from "#app/components/delete-recommendation-form";
import { FailedRecommendation, PendingRecommendation } from "#app/components/pending-recommendation";
import { InterpretationLine } from "#app/components/interpretation-line";
import { SearchVersions } from "#app/components/search-versions";
import { FALLBACK_COPY } from "#app/lib/failure-copy";
import { formatScore, formatSek } from "#app/lib/format";
import { CAR_TYPES, SELLER_TYPES } from "#app/lib/search-options";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { listSearchVersionsForUser } from "#app/server/db/search-versions.server";
import { formatDate, formatDateTime } from "#app/server/format-date.server";
import { recommendationState } from "#app/server/recommendations/recommendation-page.server";
import { type FullCar, type TeaserCar, toRecommendationView } from "#app/server/recommendations/recommendation-view.server";
import { enforceRateLimit } from "#app/server/rate-limit/rate-limit.server";
import { retryAfterHeaders } from "#app/server/http/retry-after.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/recommendation";
import { BANDS_TEXT, FORMULA_TEXT } from "#app/lib/scoring";
import { Button, buttonClass } from "#app/components/ui/button";
import { WatchPanel } from "#app/components/watches";
import { watchPanelFor } from "#app/server/watches/watch-views.server";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Dina bilförslag", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

/** 2–3 fully visible cars; anything else is ignored. */
function compareSelection(url: URL, cars: ReturnType<typeof toRecommendationView>["cars"]): FullCar[] {
  const ranks = [...new Set(url.searchParams.getAll("jamfor").map(Number))];
  const chosen = cars.filter((car): car is FullCar => car.kind === "full" && ranks.includes(car.ratings.rank));
  return chosen.length >= 2 && chosen.length <= 3 ? chosen : [];
}

// A `.data` poll's 429 stays on this route (the page's goes to the layout's boundary, which has the same export).
export const headers = retryAfterHeaders;

export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  // Polls included: before any read, so hammering the page costs one limiter call, not the reads.
  const services = servicesFrom(args.context);
  await enforceRateLimit(services.rateLimits, "poll", userId);
  const state = await recommendationState(userId, args.params.id, services);
  // Someone else's recommendation is exactly as missing as a deleted one.
  if (state.kind === "missing") throw data(null, { status: 404 });
  if (state.kind === "pending") {
    const adsChecked = services.marketplace.source !== "off";
    return { kind: "pending" as const, pending: state.pending, elapsedMs: Date.now() - state.pending.startedAt, adsChecked };
  }
  if (state.kind === "failed") return { kind: "failed" as const, id: state.job.id, input: state.job.input, message: state.message };
  const view = toRecommendationView(state.saved);
  const url = new URL(args.request.url);
  const requested = url.searchParams.getAll("jamfor").length;
  const compare = compareSelection(url, view.cars);
  // Written here, in Stockholm time, so the browser never starts Intl (app/server/format-date.server.ts).
  const created = { date: formatDate(view.createdAt), dateTime: formatDateTime(view.createdAt) };
  // Independent reads of the owner's rows: side by side.
  const [versionRows, watch] = await Promise.all([listSearchVersionsForUser(userId, view.id, services.db), watchPanelFor(userId, state.saved, services.db)]);
  const versions = versionRows.map(({ id, version, createdAt, topCarName }) => ({
    id,
    version,
    createdAt: createdAt.toISOString(),
    date: formatDate(createdAt),
    topCarName,
  }));
  const watchStarted = url.searchParams.get("bevakning") === "startad";
  return { kind: "saved" as const, view, created, versions, compare, compareError: requested > 0 && compare.length === 0, watch, watchStarted };
}

function TeaserCard({ car }: { car: TeaserCar }) {
  return (
    <article
      aria-labelledby={`bil-${car.rank}-namn`}
      className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-2.5"
      data-testid="car"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-brand-700">Plats {car.rank}</p>
        <h2 id={`bil-${car.rank}-namn`} className="font-bold text-stone-950">
          {car.carName}
        </h2>
        <p className="text-sm leading-snug text-stone-700">{car.carTagline}</p>
      </div>
      <div className="flex-none text-right">
        <p className="text-xs text-stone-600">Slutbetyg</p>
        <p className="text-xl font-bold tabular-nums text-stone-950" data-testid="final-score">
          {formatScore(car.finalScore)}
        </p>
      </div>
    </article>
  );
}

function UnlockLink({ id }: { id: string }) {
  return (
    <Link to={`/recommendations/${id}/unlock`} className={buttonClass({ size: "md" })}>
      Lås upp alla förslag
    </Link>
  );
}

export default function RecommendationPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "pending") return <PendingRecommendation view={loaded.pending} elapsedMs={loaded.elapsedMs} adsChecked={loaded.adsChecked} />;
  if (loaded.kind === "failed") {
    return (
      <FailedRecommendation input={loaded.input} message={loaded.message}>
        <DeleteRecommendationForm id={loaded.id} description="den misslyckade rekommendationen" />
      </FailedRecommendation>
    );
  }
  return <SavedRecommendationPage {...loaded} />;
}

function SavedRecommendationPage({
  view,
  created,
  versions,
  compare,
  compareError,
  watch,
  watchStarted,
}: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "saved" }>) {
  const fullCars = view.cars.filter((car): car is FullCar => car.kind === "full");
  const [first, ...rest] = view.cars;
  const carItem = (car: FullCar | TeaserCar) =>
    car.kind === "full" ? (
      <li key={car.ratings.rank}>
        <CarDetails car={car} />
      </li>
    ) : (
      <li key={car.rank}>
        <TeaserCard car={car} />
      </li>
    );

  return (
    <div className="mx-auto max-w-6xl space-y-3 px-4 py-3 sm:space-y-6 sm:py-8">
      <header>
        <nav aria-label="På den här sidan" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <Link to="/recommendations" className="font-semibold text-brand-700 underline">
            <span aria-hidden="true">← </span>Alla rekommendationer
          </Link>
          {fullCars.length >= 2 ? (
            <a href="#jamfor" className="font-semibold text-brand-700 underline">
              Jämför bilar
            </a>
          ) : null}
        </nav>
        <h1 className="mt-1 text-xl font-bold text-stone-950 sm:mt-2 sm:text-3xl">Dina bilförslag</h1>
        <p className="text-sm text-stone-700">
          {CAR_TYPES[view.input.carType]} upp till {formatSek(view.input.maxPrice)}, säljare: {SELLER_TYPES[view.input.sellerType].toLowerCase()}
        </p>
      </header>

      {view.fallback ? (
        <section aria-labelledby="fallback-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4" data-testid="engine-fallback">
          <h2 id="fallback-heading" className="font-semibold text-amber-950">
            {FALLBACK_COPY.heading}
          </h2>
          <p className="mt-1 text-sm text-amber-950">{FALLBACK_COPY.body(view.fallback)}</p>
        </section>
      ) : null}

      {compare.length > 0 ? (
        <div className="space-y-2">
          <CompareTable cars={compare} />
          <Link to={`/recommendations/${view.id}`} className="inline-block text-sm font-semibold text-brand-700 underline">
            Stäng jämförelsen
          </Link>
        </div>
      ) : null}

      <SearchVersions versions={versions} current={view.id} />

      <InterpretationLine
        id={view.id}
        description={view.input.description}
        mileageByBuyer={view.mileageByBuyer}
        understood={view.understood}
        assumptions={view.assumptions}
        shortfall={view.shortfall}
      >
        <blockquote className="border-l-4 border-brand-200 pl-3 text-stone-800">
          <span className="sr-only">Du skrev: </span>
          {view.input.description}
        </blockquote>
        <p data-testid="score-rule">
          {view.adsChecked
            ? `Slutbetyget är ${FORMULA_TEXT}, där tillgången kommer från antalet matchande annonser (${BANDS_TEXT}).`
            : "Annonser kontrollerades inte när förslagen togs fram, så slutbetyget är bilens eget betyg."}
        </p>
        <p>
          Skapad {created.dateTime} · {view.source === "openai" ? "Förslag från AI" : "Förslag från Drömbils bildatabas"}
        </p>
      </InterpretationLine>

      {view.isLocked && first ? (
        <>
          <ol className="space-y-4" aria-label="Förstahandsvalet">
            {carItem(first)}
          </ol>
          <section aria-labelledby="locked-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
            <h2 id="locked-heading" className="font-semibold text-amber-950">
              Rekommendationen är låst
            </h2>
            <p className="mt-1 text-sm text-amber-950">
              Du ser hela analysen för förstahandsvalet. Lås upp för att se marknadsläge, analys, kostnader och annonser för övriga förslag.
            </p>
            <div className="mt-3">
              <UnlockLink id={view.id} />
            </div>
          </section>
          <ol start={2} className="space-y-2" aria-label="Övriga förslag i rangordning">
            {rest.map(carItem)}
          </ol>
        </>
      ) : (
        <ol className="space-y-3 sm:space-y-6" aria-label="Bilförslag i rangordning">
          {view.cars.map(carItem)}
        </ol>
      )}

      {watch ? <WatchPanel panel={watch} started={watchStarted} /> : null}

      {fullCars.length >= 2 ? (
        <Form method="get" className="rounded-xl border border-stone-200 bg-white" aria-labelledby="compare-form-heading">
          {/* Folded so ten cars stay short on a phone; a link to #jamfor opens it (the target is inside). */}
          <details open={compareError} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 p-4 [&::-webkit-details-marker]:hidden">
              <h2 id="compare-form-heading" className="font-semibold text-stone-950">
                Jämför 2–3 bilar
              </h2>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 flex-none text-brand-800 group-open:rotate-180" fill="currentColor">
                <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
              </svg>
            </summary>
            <div className="px-4 pb-4">
              {compareError ? (
                <p role="alert" className="text-sm font-medium text-red-700">
                  Välj två eller tre bilar att jämföra.
                </p>
              ) : null}
              <fieldset id="jamfor" className="mt-1 scroll-mt-10">
                <legend className="sr-only">Bilar att jämföra</legend>
                <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
                  {fullCars.map((car) => (
                    <label key={car.ratings.rank} className="flex min-h-9 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="jamfor"
                        value={car.ratings.rank}
                        defaultChecked={compare.some((chosen) => chosen.ratings.rank === car.ratings.rank)}
                        className="size-4 flex-none accent-brand-700"
                      />
                      {car.ratings.rank}. {car.carName}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit" variant="outline" size="sm" className="mt-3">
                Jämför valda
              </Button>
            </div>
          </details>
        </Form>
      ) : null}

      <footer className="flex flex-wrap items-start gap-3 border-t border-stone-200 pt-4">
        <Link to="/recommendations" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Alla rekommendationer
        </Link>
        <DeleteRecommendationForm id={view.id} description={`rekommendationen från ${created.date}`} />
      </footer>
    </div>
  );
}
