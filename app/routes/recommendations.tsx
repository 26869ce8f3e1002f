import { DEGRADED_COPY } from "#app/lib/failure-copy";
import { data, Link, redirect, useLoaderData } from "react-router";
import { z } from "zod";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { DeleteRecommendationForm } from "#app/components/delete-recommendation-form";
import { formatSek } from "#app/lib/format";
import { CAR_TYPES } from "#app/lib/search-options";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { formatDate } from "#app/server/format-date.server";
import { JOB_STALE_AFTER_MS } from "#app/lib/creation-job";
import { deleteJobForUser, listJobsForUser } from "#app/server/db/recommendation-jobs.server";
import { deleteRecommendationForUser, listRecommendationsForUser } from "#app/server/db/recommendations.server";
import { listOlderVersionsForUser } from "#app/server/db/search-versions.server";
import { stopCreationJob } from "#app/server/recommendations/stop-job.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/recommendations";
import { buttonClass } from "#app/components/ui/button";
import { SearchCard } from "#app/components/search-card";
import { WatchList } from "#app/components/watches";
import { watchListFor } from "#app/server/watches/watch-views.server";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Dina rekommendationer", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

const EXCERPT_LENGTH = 80;
const DELETED_FLASH = "borttagen";

function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const url = new URL(args.request.url);
  const cursor = url.searchParams.get("cursor");
  const { db } = servicesFrom(args.context);
  const [page, jobs, watched] = await Promise.all([
    listRecommendationsForUser(userId, { cursor }, db),
    cursor ? [] : listJobsForUser(userId, {}, db),
    cursor ? null : watchListFor(userId, db),
  ]);
  const older = await listOlderVersionsForUser(
    userId,
    page.items.filter((item) => item.version > 1).map((item) => item.searchId),
    db,
  );
  const now = Date.now();
  return {
    // Being made or failed: on the first page, above the saved ones.
    jobs: jobs.map((job) => ({
      id: job.id,
      createdAt: job.createdAt.toISOString(),
      date: formatDate(job.createdAt),
      failed: job.status === "failed" || now - job.createdAt.getTime() > JOB_STALE_AFTER_MS,
      version: job.version,
      carType: job.input.carType,
      maxPrice: job.input.maxPrice,
      descriptionStart: excerpt(job.input.description),
    })),
    // Only what the rows show: the description is cut here, not in the browser.
    items: page.items.map((item) => ({
      id: item.id,
      createdAt: item.createdAt.toISOString(),
      date: formatDate(item.createdAt),
      isLocked: item.isLocked,
      carType: item.input.carType,
      sellerType: item.input.sellerType,
      maxPrice: item.input.maxPrice,
      descriptionStart: excerpt(item.input.description),
      topCarName: item.topCarName,
      carCount: item.carCount,
      version: item.version,
      versions: older
        .filter((version) => version.searchId === item.searchId)
        .map((version) => ({
          id: version.id,
          version: version.version,
          createdAt: version.createdAt.toISOString(),
          date: formatDate(version.createdAt),
          topCarName: version.topCarName,
        })),
    })),
    nextCursor: page.nextCursor,
    isFirstPage: !cursor,
    deleted: url.searchParams.get(DELETED_FLASH) === "1",
    watched,
    watchFlash: WATCH_FLASHES[url.searchParams.get("bevakning") ?? ""] ?? null,
  };
}

const WATCH_FLASHES: Record<string, string> = { avslutad: "Bevakningen är avslutad.", fornyad: "Bevakningen gäller i 60 dagar till." };

const ListActionSchema = z.object({ intent: z.literal("delete"), id: z.string().max(100) });

/** Also the detail page's delete target; a foreign, missing or malformed id is the same 404. */
export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const form = await args.request.formData();
  const parsed = ListActionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) throw data(null, { status: 400 });
  // A recommendation, or one still being made or failed (its job): the same form removes either.
  const services = servicesFrom(args.context);
  const { db, results } = services;
  const id = parsed.data.id;
  let deleted = await deleteRecommendationForUser(userId, id, db, results);
  if (!deleted && (await deleteJobForUser(userId, id, db))) {
    // A job still working stops now rather than at its save.
    await stopCreationJob(services, userId, id);
    deleted = true;
  }
  if (!deleted) throw data(null, { status: 404 });
  return redirect(`/recommendations?${DELETED_FLASH}=1`);
}

const buttonPrimary = buttonClass({ size: "md" });
const buttonSecondary = buttonClass({ variant: "secondary", size: "md" });

type JobRow = ReturnType<typeof useLoaderData<typeof loader>>["jobs"][number];

/** Never shown as results; the work goes on with the tab closed. */
function JobList({ jobs }: { jobs: JobRow[] }) {
  return (
    <ol className="mt-8 space-y-3" aria-label="Rekommendationer under arbete eller misslyckade">
      {jobs.map((job) => {
        const date = job.date;
        return (
          <li key={job.id}>
            <article
              className="flex flex-col gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
              aria-labelledby={`jobb-${job.id}`}
              data-testid="job-row"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <time dateTime={job.createdAt} className="text-stone-600">
                    {date}
                  </time>
                  {job.failed ? (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Misslyckades</span>
                  ) : (
                    <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Tas fram</span>
                  )}
                  {job.version > 1 ? <span className="text-xs font-semibold text-stone-700">Version {job.version}, med dina ändringar</span> : null}
                </p>
                <h2 id={`jobb-${job.id}`} className="mt-1 font-semibold text-stone-950">
                  <Link to={`/recommendations/${job.id}`} className="hover:text-brand-800 hover:underline">
                    {job.failed ? DEGRADED_COPY["job-failed-heading"] : "Dina bilförslag tas fram"}
                    <span className="sr-only">, från {date}</span>
                  </Link>
                </h2>
                <p className="mt-1 break-words text-sm text-stone-700">
                  {CAR_TYPES[job.carType]} · upp till {formatSek(job.maxPrice)} · ”{job.descriptionStart}”
                </p>
              </div>
              <DeleteRecommendationForm id={job.id} description={`rekommendationen från ${date}`} className="sm:text-right" />
            </article>
          </li>
        );
      })}
    </ol>
  );
}

export default function RecommendationsPage() {
  const { items, jobs, nextCursor, isFirstPage, deleted, watched, watchFlash } = useLoaderData<typeof loader>();

  return (
    <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="list-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="list-heading" className="text-3xl font-bold text-stone-950">
            Dina rekommendationer
          </h1>
          <p className="mt-1 text-stone-700">Dina sparade bilförslag, det senaste först.</p>
        </div>
        {items.length > 0 || jobs.length > 0 || !isFirstPage ? (
          <Link to="/recommendations/create" className={buttonPrimary}>
            Ny sökning
          </Link>
        ) : null}
      </div>

      {deleted ? (
        <p role="status" className="mt-6 rounded-md border border-brand-200 bg-brand-50 p-3 text-brand-900">
          Rekommendationen är borttagen.
        </p>
      ) : null}

      {jobs.length > 0 ? <JobList jobs={jobs} /> : null}

      {watched ? <WatchList watches={watched.watches} limit={watched.limit} flash={watchFlash} /> : null}

      {items.length === 0 && jobs.length === 0 ? (
        isFirstPage ? (
          <div className="mt-8 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
            <svg aria-hidden="true" viewBox="0 0 64 32" className="mx-auto h-10 w-20 text-brand-600" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M6 22h52M10 22l5-9c1-2 3-3 5-3h22c2 0 4 1 5 3l5 9" strokeLinejoin="round" />
              <circle cx="18" cy="24" r="4" fill="white" />
              <circle cx="46" cy="24" r="4" fill="white" />
            </svg>
            <h2 className="mt-4 text-xl font-semibold text-stone-950">Du har inga sparade rekommendationer än</h2>
            <p className="mx-auto mt-2 max-w-md text-stone-700">
              Berätta vad du behöver av en bil, så får du tio förslag med betyg, ägandekostnad och aktuella annonser.
            </p>
            <Link to="/recommendations/create" className={`mt-5 ${buttonPrimary}`}>
              Gör din första sökning
            </Link>
          </div>
        ) : (
          <div className="mt-8 rounded-xl border border-stone-200 bg-white p-6">
            <p className="text-stone-700">Det finns inga äldre rekommendationer.</p>
            <Link to="/recommendations" className="mt-3 inline-block font-semibold text-brand-700 underline">
              Till de senaste
            </Link>
          </div>
        )
      ) : items.length === 0 ? null : (
        <ol className="mt-8 space-y-4" aria-label="Sparade rekommendationer, senaste först">
          {items.map((item) => (
            <li key={item.id}>
              <SearchCard item={item} />
            </li>
          ))}
        </ol>
      )}

      {nextCursor || !isFirstPage ? (
        <nav aria-label="Fler rekommendationer" className="mt-8 flex flex-wrap justify-between gap-3">
          {!isFirstPage ? (
            <Link to="/recommendations" className={buttonSecondary}>
              Till de senaste
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link to={`/recommendations?cursor=${encodeURIComponent(nextCursor)}`} className={buttonSecondary}>
              Visa äldre
            </Link>
          ) : null}
        </nav>
      ) : null}

      {/* The account's own actions: at hand, but quieter than the next search. */}
      <nav aria-label="Ditt konto" className="mt-10 flex flex-wrap gap-x-5 gap-y-2 border-t border-stone-200 pt-4 text-sm">
        <a href="/recommendations/export" download className="text-stone-700 underline hover:text-stone-950">
          Ladda ner mina data
        </a>
        <Link to="/konto/radera" className="text-stone-700 underline hover:text-red-800">
          Radera mitt konto
        </Link>
      </nav>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
