import { data, Link, redirect, useActionData } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonClass } from "#app/components/ui/button";
import { pageMeta } from "#app/lib/seo";
import { getSignedInUser, requireUserId } from "#app/server/auth/auth.server";
import { servicesFrom } from "#app/server/services.server";
import { runWatchIntent, WATCH_COPY, WatchFormSchema } from "#app/server/watches/watch-actions.server";
import type { Route } from "./+types/watches";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Bevakning", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

/** The watches are listed on the list page; this address takes the forms (no redirect here: a refused no-JS post renders this page). */
export async function loader(args: Route.LoaderArgs) {
  await requireUserId(args);
  return null;
}

/**
 * "Bevaka", "Avsluta" and "Förnya" from the result and list pages. With JavaScript a fetcher shows a
 * refusal beside the button; without it this page shows it, with the status, and a way back.
 */
export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const services = servicesFrom(args.context);
  const form = await args.request.formData();
  const parsed = WatchFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data(null, { status: 400 });
  // The offline sign-in keeps the address in its cookie only; Clerk's is read when a digest is sent.
  const localMailTo = services.auth.provider === "local" ? ((await getSignedInUser(args))?.displayName ?? null) : null;
  const outcome = await runWatchIntent(userId, parsed.data, services, localMailTo);
  if (outcome.ok) return redirect(outcome.redirectTo);
  const back = parsed.data.intent === "watch" ? `/recommendations/${parsed.data.recommendationId}#bevaka` : "/recommendations#bevakningar";
  return data({ error: WATCH_COPY[outcome.reason], back }, { status: outcome.status });
}

export default function WatchRefusedPage() {
  const refused = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10" aria-labelledby="watch-heading">
      <h1 id="watch-heading" className="text-2xl font-bold text-stone-950">
        {refused ? "Det gick inte" : "Dina bevakningar"}
      </h1>
      {refused ? (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-red-900" data-testid="watch-error">
          {refused.error}
        </p>
      ) : (
        <p className="mt-3 text-stone-700">Du hittar dina bevakningar under Dina rekommendationer.</p>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={refused?.back ?? "/recommendations"} className={buttonClass({ variant: "secondary", size: "md" })}>
          Tillbaka
        </Link>
        <Link to="/recommendations#bevakningar" className={buttonClass({ variant: "outline", size: "md" })}>
          Dina bevakningar
        </Link>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
