import { pageMeta } from "#app/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Logga in", path: "/login", siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

export default function Login() {
  return (
    <section className="mx-auto max-w-md px-4 py-16" aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-3xl font-bold text-stone-950">
        Logga in
      </h1>
      <p className="mt-4 text-stone-700">Inloggningen är inte påslagen i den här versionen av Drömbil ännu.</p>
    </section>
  );
}
