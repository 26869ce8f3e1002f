import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { pageMeta } from "#app/lib/seo";
import { servicesFrom } from "#app/server/services.server";
import { actOnLink, verifiedLink } from "#app/server/watches/watch-link-actions.server";
import type { Route } from "./+types/watch-link";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Din bevakning", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

const PAGES = {
  avsluta: {
    action: "stop-all",
    heading: "Avsluta dina bevakningar",
    text: "Vi slutar leta efter annonser åt dig och skickar inga fler mejl.",
    button: "Avsluta bevakningarna",
    done: "Klart. Dina bevakningar är avslutade och du får inga fler mejl om dem.",
  },
  fornya: {
    action: "renew",
    heading: "Förnya din bevakning",
    text: "Bevakningen fortsätter i 60 dagar till från i dag.",
    button: "Förnya i 60 dagar",
    done: "Klart. Bevakningen gäller i 60 dagar till.",
  },
} as const;

/** A mail scanner's GET changes nothing: the page asks, the button acts (POST, same origin). A link not signed by us is a 400. */
async function pageFor(args: Route.LoaderArgs | Route.ActionArgs, token: string | null) {
  const page = PAGES[args.params.atgard as keyof typeof PAGES];
  if (!page) throw data(null, { status: 404 });
  const link = await verifiedLink(token, servicesFrom(args.context).appEnv);
  if (!link || link.action !== page.action) throw data("Länken är ogiltig eller för gammal.", { status: 400 });
  return { page, link };
}

export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("t");
  const { page } = await pageFor(args, token);
  return { page, token };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const token = form.get("t");
  const { page, link } = await pageFor(args, typeof token === "string" ? token : null);
  const acted = await actOnLink(link, servicesFrom(args.context).db);
  if (!acted) throw data("Bevakningen finns inte längre.", { status: 404 });
  return { done: page.done };
}

export default function WatchLinkPage() {
  const { page, token } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-12" aria-labelledby="watch-link-heading">
      <h1 id="watch-link-heading" className="text-2xl font-bold text-stone-950">
        {page.heading}
      </h1>
      {acted ? (
        <p role="status" className="mt-4 rounded-md border border-brand-200 bg-brand-50 p-3 text-brand-900" data-testid="watch-link-done">
          {acted.done}
        </p>
      ) : (
        <>
          <p className="mt-3 text-stone-700">{page.text}</p>
          <Form method="post" className="mt-5">
            <input type="hidden" name="t" value={token ?? ""} />
            <Button type="submit" size="md">
              {page.button}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/recommendations" className="font-semibold text-brand-700 underline">
          Till Drömbil
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
