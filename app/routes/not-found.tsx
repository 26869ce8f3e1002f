import { data } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/not-found";

// Every unknown URL lands here; throwing gives a real 404 status with the Swedish error page.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Sidan finns inte",
    path: location.pathname,
    siteUrl: matches[0]?.loaderData?.siteUrl,
    noIndex: true,
  });

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
