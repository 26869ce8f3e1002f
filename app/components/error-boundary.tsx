import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { HTTP_ERROR_COPY, UNEXPECTED_ERROR_COPY } from "#app/lib/error-page-copy";
import { buttonClass } from "./ui/button";

export function errorCopy(status: number): { heading: string; body: string } {
  return HTTP_ERROR_COPY[status] ?? UNEXPECTED_ERROR_COPY;
}

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

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
          <Link to={loginHref} className={buttonClass({ size: "md" })}>
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
