import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";

type ErrorCopy = { heading: string; body: string };

const COPY_BY_STATUS: Record<number, ErrorCopy> = {
  400: { heading: "Något i förfrågan stämde inte", body: "Kontrollera uppgifterna och försök igen." },
  401: { heading: "Du behöver logga in", body: "Logga in för att se dina rekommendationer." },
  403: { heading: "Åtkomst nekad", body: "Du har inte behörighet att göra det här." },
  404: {
    heading: "Sidan finns inte",
    body: "Vi hittar ingen sida på den här adressen. Den kan ha flyttats eller tagits bort.",
  },
  405: { heading: "Det går inte att göra så här", body: "Adressen tar inte emot den här sortens förfrågan." },
  413: { heading: "Formuläret är för stort", body: "Korta ner texten och försök igen." },
  415: {
    heading: "Förfrågan kunde inte tas emot",
    body: "Den måste skickas från ett formulär på Drömbil. Gå tillbaka, ladda om sidan och försök igen.",
  },
  429: { heading: "För många försök", body: "Vänta en stund och försök sedan igen." },
  503: {
    heading: "Tjänsten är tillfälligt otillgänglig",
    body: "En tjänst vi är beroende av svarar inte just nu. Försök igen om en liten stund.",
  },
};

const UNEXPECTED: ErrorCopy = {
  heading: "Något gick fel",
  body: "Ett oväntat fel inträffade hos oss. Försök igen om en stund – det du sparat tidigare finns kvar.",
};

/** The Swedish heading for an error status; also the page title of error pages. */
export function errorCopy(status: number): ErrorCopy {
  return COPY_BY_STATUS[status] ?? UNEXPECTED;
}

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Swedish error page for any thrown response or unexpected error; stack traces only in development. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const status = errorStatus(error);
  const copy = errorCopy(status);
  const loginHref = `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;

  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-heading">
      <p className="text-sm font-semibold tracking-wide text-brand-700">Fel {status}</p>
      <h1 id="error-heading" className="mt-2 text-3xl font-bold text-stone-950">
        {copy.heading}
      </h1>
      <p className="mt-4 text-stone-700">{copy.body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status === 401 ? (
          <Link to={loginHref} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Logga in
          </Link>
        ) : null}
        <Link to="/" className="rounded-md border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100">
          Till startsidan
        </Link>
      </div>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-8 overflow-auto rounded-md bg-stone-900 p-4 text-left text-xs text-stone-100">{error.stack}</pre>
      ) : null}
    </section>
  );
}
