import { data, Form, Link, useLoaderData } from "react-router";
import { CarDetails } from "#app/components/car-details";
import { CompareTable } from "#app/components/compare-table";
import { DeleteRecommendationForm } from "#app/components/delete-recommendation-form";
import { UnderstoodRequirements } from "#app/components/understood-requirements";
import { formatDate, formatDateTime, formatScore, formatSek } from "#app/lib/format";
import { CAR_TYPES, SELLER_TYPES } from "#app/lib/search-form";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { type FullCar, toRecommendationView } from "#app/server/recommendations/recommendation-view.server";
import type { Route } from "./+types/recommendation";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Dina bilförslag", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

/** `?jamfor=1&jamfor=4`: the ranks to compare; 2–3 fully visible cars, anything else is ignored. */
function compareSelection(url: URL, cars: ReturnType<typeof toRecommendationView>["cars"]): FullCar[] {
  const ranks = [...new Set(url.searchParams.getAll("jamfor").map(Number))];
  const chosen = cars.filter((car): car is FullCar => car.kind === "full" && ranks.includes(car.ratings.rank));
  return chosen.length >= 2 && chosen.length <= 3 ? chosen : [];
}

export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const saved = await getRecommendationForUser(userId, args.params.id);
  // Someone else's recommendation is exactly as missing as a deleted one.
  if (!saved) throw data(null, { status: 404 });
  const view = toRecommendationView(saved);
  const url = new URL(args.request.url);
  const requested = url.searchParams.getAll("jamfor").length;
  const compare = compareSelection(url, view.cars);
  return { view, compare, compareError: requested > 0 && compare.length === 0 };
}

export default function RecommendationPage() {
  const { view, compare, compareError } = useLoaderData<typeof loader>();
  const fullCars = view.cars.filter((car): car is FullCar => car.kind === "full");

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm text-stone-600">
          Skapad {formatDateTime(new Date(view.createdAt))} ·{" "}
          {view.source === "openai" ? "Förslag från AI" : "Förslag från Drömbils bildatabas"}
        </p>
        <h1 className="mt-1 text-3xl font-bold text-stone-950">Dina bilförslag</h1>
        <p className="mt-2 text-stone-700">
          {CAR_TYPES[view.input.carType]} upp till {formatSek(view.input.maxPrice)}, säljare: {SELLER_TYPES[view.input.sellerType].toLowerCase()}.
        </p>
        <blockquote className="mt-2 border-l-4 border-brand-200 pl-3 text-stone-700">{view.input.description}</blockquote>
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <Link to="/recommendations" className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100">
            Alla rekommendationer
          </Link>
          <DeleteRecommendationForm id={view.id} description={`rekommendationen från ${formatDate(new Date(view.createdAt))}`} />
        </div>
        <p className="mt-3 text-sm text-stone-600">
          Slutbetyget är 0,7 × bilens betyg + 0,3 × tillgång, där tillgången kommer från antalet matchande annonser (0 annonser ger
          0, 1–2 ger 20, 3–5 ger 60 och fler än 5 ger 90).
        </p>
      </header>

      <UnderstoodRequirements understood={view.understood} assumptions={view.assumptions} shortfall={view.shortfall} />

      {view.isLocked ? (
        <section aria-labelledby="locked-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
          <h2 id="locked-heading" className="text-lg font-semibold text-amber-950">
            Rekommendationen är låst
          </h2>
          <p className="mt-1 text-amber-950">
            Du ser hela analysen för förstahandsvalet. För övriga förslag visas namn och slutbetyg tills du låser upp.
          </p>
          <Link
            to={`/recommendations/${view.id}/unlock`}
            className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Lås upp alla förslag
          </Link>
        </section>
      ) : null}

      {compare.length > 0 ? <CompareTable cars={compare} /> : null}

      {fullCars.length >= 2 ? (
        <Form method="get" className="rounded-xl border border-stone-200 bg-white p-4" aria-labelledby="compare-form-heading">
          <h2 id="compare-form-heading" className="font-semibold text-stone-950">
            Jämför 2–3 bilar
          </h2>
          {compareError ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              Välj två eller tre bilar att jämföra.
            </p>
          ) : null}
          <fieldset className="mt-2">
            <legend className="sr-only">Bilar att jämföra</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {fullCars.map((car) => (
                <label key={car.ratings.rank} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="jamfor"
                    value={car.ratings.rank}
                    defaultChecked={compare.some((chosen) => chosen.ratings.rank === car.ratings.rank)}
                    className="size-4 accent-brand-700"
                  />
                  {car.ratings.rank}. {car.carName}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="mt-3 rounded-md border border-brand-700 px-4 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
            Jämför valda
          </button>
        </Form>
      ) : null}

      <ol className="space-y-6" aria-label="Bilförslag i rangordning">
        {view.cars.map((car) =>
          car.kind === "full" ? (
            <li key={car.ratings.rank}>
              {/* The top pick opens in full; the rest fold their long texts so the ranking stays scannable. */}
              <CarDetails car={car} expanded={car.ratings.rank === 1} />
            </li>
          ) : (
            <li key={car.rank}>
              <article
                aria-labelledby={`bil-${car.rank}-namn`}
                className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-stone-200 bg-white p-5"
                data-testid="car"
              >
                <div>
                  <p className="text-sm font-semibold text-brand-700">Plats {car.rank}</p>
                  <h2 id={`bil-${car.rank}-namn`} className="text-xl font-bold text-stone-950">
                    {car.carName}
                  </h2>
                  <p className="text-stone-700">{car.carTagline}</p>
                  <p className="mt-1 text-sm text-stone-600">
                    Upplåst visas betyg, för- och nackdelar, fördjupad analys, vanliga fel, ägandekostnad och annonser.
                  </p>
                </div>
                <div className="text-right">
                  <p className="text-sm text-stone-600">Slutbetyg</p>
                  <p className="text-2xl font-bold text-stone-950" data-testid="final-score">
                    {formatScore(car.finalScore)}
                  </p>
                  <Link to={`/recommendations/${view.id}/unlock`} className="text-sm font-semibold text-brand-700 underline">
                    Lås upp
                  </Link>
                </div>
              </article>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
