import { data, Form, redirect, useFetcher, useRouteLoaderData } from "react-router";
import { preloadSignInDialog, useSignInDialog } from "#app/components/local-sign-in-trigger";
import { formatSekRange } from "#app/lib/format";
import { PROMOTED_CARS } from "#app/lib/promoted-cars";
import { loginPathFor } from "#app/lib/safe-redirect";
import { CREATE_PATH, DESCRIPTION_MAX, WISH_PARAM } from "#app/lib/search-options";
import { DEFAULT_DESCRIPTION, pageMeta, SITE_NAME } from "#app/lib/seo";
import { getUserId } from "#app/server/auth/auth.server";
import { wishCookie } from "#app/server/http/wish-cookie.server";
import type { loader as rootLoader } from "#app/root";
import type { Route } from "./+types/home";
import { weightPercent } from "#app/lib/scoring";
import { Button } from "#app/components/ui/button";
import { servicesFrom } from "#app/server/services.server";

/** A signed-in buyer has no use for the pitch: straight to their recommendations. */
export async function loader(args: Route.LoaderArgs) {
  if (await getUserId(args)) throw redirect("/recommendations");
  // Content as data, not code: it stays out of the page's JavaScript (budget 115 KB gzip).
  return {
    steps: STEPS,
    promoted: PROMOTED_CARS.map(({ priceFrom, priceTo, ...car }) => ({ ...car, price: formatSekRange(priceFrom, priceTo) })),
    weights: { overall: weightPercent("overall"), availability: weightPercent("availability") },
    // Switched off, the score is the car's own rating: the pitch must not promise the market.
    adsChecked: servicesFrom(args.context).marketplace.source !== "off",
  };
}

/**
 * The wish form's POST (and "Försök igen" after a failed recommendation): the wish goes into a short-lived
 * cookie the create form reads, never into a URL. `intent=spara` only stores it (the sign-in dialog opens next).
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const headers = { "Set-Cookie": wishCookie(args.request, form.get(WISH_PARAM)) };
  if (form.get("intent") === "spara") return data({ stored: true }, { headers });
  throw redirect((await getUserId(args)) ? CREATE_PATH : loginPathFor(CREATE_PATH), { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: `${SITE_NAME} – hitta rätt begagnad bil`, description: DEFAULT_DESCRIPTION, path: "/", siteUrl: matches[0]?.loaderData?.siteUrl });

const STEPS = [
  {
    title: "Beskriv din drömbil",
    body: "Berätta med egna ord hur du kör och vad bilen ska klara: pendling, hund, dragkrok, vinterväglag eller långresor. Ange maxpris, kaross och om du vill köpa av privatperson eller handlare.",
  },
  {
    title: "Få tio genomtänkta förslag",
    body: "Vi rangordnar tio bilmodeller med betyg för komfort, prestanda, säkerhet, driftsäkerhet och ekonomi, och räknar på fordonsskatt, försäkring, bränsle och service per år.",
  },
  {
    title: "Se vad som finns till salu",
    body: "Varje förslag stäms av mot aktuella annonser på Blocket. En modell som knappt går att hitta får lägre slutbetyg, så att listan speglar vad du faktiskt kan köpa i dag.",
  },
];

/** A POST that keeps the wish out of every URL (works without JavaScript); local mode with JavaScript stores it, then opens the dialog. */
function WishForm() {
  const authProvider = useRouteLoaderData<typeof rootLoader>("root")?.authProvider;
  const signIn = useSignInDialog("wish-sign-in-heading");
  const store = useFetcher();

  return (
    <>
      <Form
        method="post"
        className="mt-8 max-w-xl"
        onSubmit={(event) => {
          if (authProvider !== "local") return;
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          form.set("intent", "spara");
          void store.submit(form, { method: "post", action: "/?index" });
          signIn.open(CREATE_PATH);
        }}
      >
        <label htmlFor="wish" className="block font-semibold text-white">
          Vad letar du efter? <span className="font-normal text-brand-100">(valfritt, du kan skriva mer sedan)</span>
        </label>
        <textarea
          // Typing a wish means sign-in is next: fetch its form while they type.
          onFocus={authProvider === "local" ? preloadSignInDialog : undefined}
          id="wish"
          name={WISH_PARAM}
          rows={3}
          maxLength={DESCRIPTION_MAX}
          placeholder="Till exempel: kombi med dragkrok för pendling och hund, högst 250 000 kr"
          className="mt-2 block w-full rounded-md border border-white/30 bg-white px-3 py-2 text-stone-950 shadow-sm placeholder:text-stone-500"
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" variant="accent" size="xl" onPointerEnter={authProvider === "local" ? preloadSignInDialog : undefined}>
            Hitta din drömbil
          </Button>
          <a href="#hur-det-fungerar" className="rounded-md border border-white/40 px-5 py-3 font-semibold hover:bg-white/10">
            Så fungerar det
          </a>
        </div>
      </Form>
      {signIn.element}
    </>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section id="primary" className="bg-brand-900 text-white" aria-labelledby="hero-heading">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-[3fr_2fr] md:py-24">
          <div>
            <h1 id="hero-heading" className="text-4xl font-bold tracking-tight md:text-5xl">
              Hitta rätt begagnad bil – innan du börjar scrolla annonser
            </h1>
            <p className="mt-6 max-w-xl text-lg text-brand-100">
              Drömbil är en bilrådgivare för dig som köper begagnat i Sverige. Du beskriver vad du behöver, vi föreslår tio modeller som passar din budget och
              visar hur många som finns till salu just nu.
            </p>
            <WishForm />
            <p className="mt-4 text-sm text-brand-100">Kostnadsfritt att komma igång. Logga in för att spara dina förslag.</p>
          </div>
          <aside className="self-center rounded-xl bg-white/10 p-6" aria-label="Exempel på önskemål">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-200">Så kan du skriva</p>
            <blockquote className="mt-3 text-lg leading-relaxed">
              ”Vi är två vuxna, två barn och en hund. Jag pendlar sex mil om dagen och vi åker till fjällen på vintern. Dragkrok är ett måste och budgeten är
              250 000 kr.”
            </blockquote>
          </aside>
        </div>
      </section>

      <section id="hur-det-fungerar" className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-3xl font-bold text-stone-950">
          Så fungerar det
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {loaderData.steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-stone-950">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-stone-700">
          {loaderData.adsChecked ? (
            <>
              Slutbetyget väger ihop vår bedömning av bilen ({loaderData.weights.overall}) med hur lätt den är att hitta på andrahandsmarknaden (
              {loaderData.weights.availability}).
            </>
          ) : (
            <>Slutbetyget är vår bedömning av bilen; annonser på andrahandsmarknaden kontrolleras inte just nu.</>
          )}{" "}
          Priser och kostnader är uppskattningar – kontrollera alltid den enskilda bilens skick, servicehistorik och besiktningsprotokoll innan du köper.
        </p>
      </section>

      <section className="border-t border-stone-200 bg-white" aria-labelledby="top-heading">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="top-heading" className="text-3xl font-bold text-stone-950">
            Fem säkra kort på begagnatmarknaden
          </h2>
          <p className="mt-3 max-w-3xl text-stone-700">
            Vår redaktions favoriter för den som vill ha en beprövad bil. Dina egna förslag anpassas efter dina behov och din budget.
          </p>
          <ol className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.promoted.map((car, index) => (
              <li key={car.name} className="flex flex-col rounded-xl border border-stone-200 p-6">
                <p className="text-sm font-semibold text-brand-700">
                  {index + 1}. {car.bodyType} · årsmodell {car.years}
                </p>
                <h3 className="mt-1 text-xl font-semibold text-stone-950">{car.name}</h3>
                <p className="mt-2 flex-1 leading-relaxed text-stone-700">{car.reason}</p>
                <p className="mt-4 font-semibold text-stone-900">Typiskt pris: {car.price}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
