import { data, Form, Link, redirect, useLoaderData, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { RecommendationIdSchema } from "#app/lib/saved-recommendation";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { getRecommendationForUser, unlockRecommendationForUser } from "#app/server/db/recommendations.server";
import type { Route } from "./+types/recommendation-unlock";
import { servicesFrom } from "#app/server/services.server";
import { Button } from "#app/components/ui/button";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Lås upp alla bilförslag", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

/** A foreign, missing or malformed id is the same 404 as on the detail page; the action checks again. */
export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const saved = await getRecommendationForUser(userId, args.params.id, servicesFrom(args.context).db, servicesFrom(args.context).results);
  if (!saved) throw data(null, { status: 404 });
  return { id: saved.id };
}

/** Idempotent; a foreign or missing id is a 404 and changes nothing. */
export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const id = RecommendationIdSchema.safeParse(args.params.id);
  if (!id.success) throw data(null, { status: 404 });

  // PAYMENT STEP GOES HERE (docs/decisions/004-unlock-without-payment.md): redirect to a checkout and
  // unlock only from the provider's verified webhook, never from this form post alone.

  const unlocked = await unlockRecommendationForUser(userId, id.data, servicesFrom(args.context).db);
  if (!unlocked) throw data(null, { status: 404 });
  return redirect(`/recommendations/${id.data}`);
}

const REVEALED: { title: string; text: string }[] = [
  { title: "Betyg för alla bilar", text: "Komfort, prestanda, säkerhet, tillförlitlighet och ekonomi för varje förslag." },
  { title: "För- och nackdelar", text: "Vad som talar för och emot varje bil, och varför den passar dina önskemål." },
  { title: "Fördjupad analys", text: "En genomgång av modellen, årsmodellerna och vad du ska tänka på." },
  { title: "Vanliga fel", text: "Kända svagheter att kontrollera innan du köper." },
  { title: "Ägandekostnad", text: "Försäkring, skatt, bränsle och underhåll per år och per månad." },
  { title: "Aktuella annonser", text: "Annonser på Blocket som matchar, med pris, årsmodell och miltal." },
];

export default function RecommendationUnlockPage() {
  const { id } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const unlocking = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="unlock-heading">
      <Link to={`/recommendations/${id}`} className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">
        ← Tillbaka till förslagen
      </Link>
      <h1 id="unlock-heading" className="mt-3 text-3xl font-bold text-stone-950">
        Lås upp alla bilförslag
      </h1>
      <p className="mt-2 text-lg text-stone-700">
        Du ser redan hela analysen för förstahandsvalet. När du låser upp får du samma genomgång för alla bilar i din rekommendation.
      </p>

      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-stone-950">Det här låser du upp</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {REVEALED.map((item) => (
            <li key={item.title} className="flex gap-3">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-brand-600" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
              <div>
                <p className="font-semibold text-stone-900">{item.title}</p>
                <p className="text-sm text-stone-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-6 border-t border-stone-200 pt-5">
          <p className="text-stone-700">Upplåsningen är kostnadsfri i den här versionen av Drömbil och gäller för alltid för den här rekommendationen.</p>
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={unlocking}>
              {unlocking ? "Låser upp…" : "Lås upp"}
            </Button>
            <Link to={`/recommendations/${id}`} className="rounded-md px-3 py-2 font-semibold text-stone-700 underline hover:text-stone-950">
              Inte nu
            </Link>
          </Form>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
