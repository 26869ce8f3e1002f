import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/recommendations";

// The page itself arrives with the recommendation pages issue; the route and its guard exist now.
export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Dina rekommendationer", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

export default function RecommendationsPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-950">Dina rekommendationer</h1>
    </section>
  );
}
