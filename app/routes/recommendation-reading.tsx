import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { CreateProgress } from "#app/components/create-progress";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ReadingEditor, type TypedCorrections } from "#app/components/reading-editor";
import { formatSek } from "#app/lib/format";
import { accumulateCorrections } from "#app/lib/reading-corrections";
import { ADD_KIND, ADD_VALUE, ADD_WHAT, CHANGE_PREFIX, MOVE_FIELD, REMOVE_FIELD } from "#app/lib/reading-items";
import { CAR_TYPES } from "#app/lib/search-options";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { notedViews } from "#app/server/advice/noted-lines.server";
import { readingAdditionChoices } from "#app/server/reading/correction-moves.server";
import { correctionsFrom } from "#app/server/reading/reading-corrections.server";
import { readingRows } from "#app/server/reading/reading-items.server";
import { clientAddress } from "#app/server/rate-limit/client-address.server";
import { savedReading } from "#app/server/recommendations/saved-reading.server";
import { startCreate } from "#app/server/recommendations/start-create.server";
import { PRIVATE_NO_STORE } from "#app/server/http/cache-policy.server";
import { retryAfterHeaders } from "#app/server/http/retry-after.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/recommendation-reading";
import { Button } from "#app/components/ui/button";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Ändra tolkningen", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

// The limiter's 429 carries its Retry-After only through this export; and the page shows the buyer's own
// words, so it says private itself, should the Worker's cache policy (workers/app.ts) ever be bypassed.
export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return headers;
};

/** Owner only (else the detail page's 404); a post starts a new version of the search, a create under the same limits; the old one stays. */
export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const services = servicesFrom(args.context);
  const found = await savedReading(userId, args.params.id, services);
  if (!found) throw data(null, { status: 404 });
  const { description, maxPrice, carType, sellerType } = found.input;
  return {
    id: args.params.id,
    input: { description, maxPrice, carType, sellerType },
    rows: readingRows(found.requirements),
    noted: notedViews(found.requirements),
    addition: readingAdditionChoices(),
  };
}

type ActionData = { title: string; message: string; typed: TypedCorrections };

export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const services = servicesFrom(args.context);
  const found = await savedReading(userId, args.params.id, services);
  if (!found) throw data(null, { status: 404 });

  const form = await args.request.formData();
  const typed: TypedCorrections = { values: {}, removed: [], moved: [], errors: {} };
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name === REMOVE_FIELD) typed.removed.push(value.slice(0, 80));
    else if (name === MOVE_FIELD) typed.moved.push(value.slice(0, 80));
    else if (name.startsWith(CHANGE_PREFIX) || name === ADD_WHAT || name === ADD_VALUE || name === ADD_KIND) typed.values[name] = value.slice(0, 40);
  }
  const reply = (status: number, title: string, message: string, headers?: HeadersInit) =>
    data<ActionData>({ title, message, typed }, { status, ...(headers ? { headers } : {}) });

  const parsed = correctionsFrom(form, found.requirements);
  if (parsed.status === "invalid") {
    typed.errors = parsed.errors;
    return reply(400, "Tolkningen kunde inte sparas", parsed.message);
  }
  // Every create counts against the limits: nothing changed is not worth one.
  if (parsed.changed === 0) {
    return reply(400, "Du har inte ändrat något", "Ändra ett värde, kryssa i det som ska bort eller flyttas, eller lägg till något, och skicka sedan igen.");
  }

  const result = await startCreate(services, {
    userId,
    input: found.input,
    clientAddress: clientAddress(args.request),
    // The shown reading already carries the earlier versions' corrections: the new version keeps them.
    corrections: { read: accumulateCorrections(found.corrections, parsed.corrections) },
    searchId: found.searchId,
  });
  switch (result.status) {
    case "started":
      throw redirect(`/recommendations/${result.id}`);
    case "invalid-corrections":
      return reply(400, "Tolkningen kunde inte sparas", result.message);
    case "unclear":
      return reply(400, "Vi kan inte söka på det här", result.message);
    case "no-match":
      return reply(422, "Ingen bil uppfyller alla dina krav", result.message);
    case "rate-limited":
      return reply(429, "Vänta en stund", result.message, { "Retry-After": String(result.retryAfterSeconds) });
    case "start-failed":
      return reply(503, "Det gick inte att ta fram förslag just nu", result.message);
  }
}

export default function RecommendationReadingPage() {
  const { id, input, rows, noted, addition } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10" aria-labelledby="reading-heading">
      <Link to={`/recommendations/${id}`} className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
        ← Tillbaka till förslagen
      </Link>
      <h1 id="reading-heading" className="mt-3 text-2xl font-bold text-stone-950 sm:text-3xl">
        Ändra tolkningen
      </h1>
      <p className="mt-2 text-stone-700">
        Så här tolkade vi det du skrev. Ändra ett värde, ta bort det som inte stämmer, gör ett krav till ett önskemål eller tvärtom, eller lägg till något vi
        missade. Det du ändrar gäller: vi läser inte om det. Du får en ny version av sökningen, och den räknas som en ny sökning.
      </p>
      <figure className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
        <figcaption className="font-semibold text-stone-700">Du skrev</figcaption>
        <blockquote className="mt-1 whitespace-pre-line break-words text-stone-900">{input.description}</blockquote>
        <p className="mt-2 text-stone-600">
          Maxpris {formatSek(input.maxPrice)} · Biltyp {CAR_TYPES[input.carType]}
        </p>
      </figure>

      {actionData ? (
        <div role="alert" className="mt-5 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{actionData.title}</p>
          <p className="mt-1">{actionData.message}</p>
        </div>
      ) : null}

      <Form method="post" className="mt-5 space-y-5" noValidate>
        {rows.length === 0 ? <p className="text-stone-700">Vi hittade inga krav eller önskemål i beskrivningen. Lägg till det som gäller nedan.</p> : null}
        <ReadingEditor rows={rows} noted={noted} typed={actionData?.typed} idPrefix="tolkning" addition={addition} />
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          <Button type="submit" disabled={submitting}>
            Ta fram nya förslag
          </Button>
          <Link to={`/recommendations/${id}`} className="rounded-md px-3 py-2 font-semibold text-stone-700 underline hover:text-stone-950">
            Avbryt
          </Link>
        </div>
        {submitting ? <CreateProgress /> : null}
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
