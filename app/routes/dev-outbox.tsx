import { data, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { formatDateTime } from "#app/server/format-date.server";
import { servicesFrom } from "#app/server/services.server";
import { listOutboxForUser } from "#app/server/watches/watch-mail.server";
import type { Route } from "./+types/dev-outbox";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ title: "Utkorg (utveckling)", path: location.pathname, siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

/** Development only (production mails through Email Service and answers 404 here): the signed-in buyer's digests as they would have been sent. */
export async function loader(args: Route.LoaderArgs) {
  const services = servicesFrom(args.context);
  if (services.appEnv.APP_ENV === "production") throw data(null, { status: 404 });
  const userId = await requireUserId(args);
  const rows = await listOutboxForUser(userId, services.db);
  return { mails: rows.map((row) => ({ id: row.id, at: formatDateTime(row.createdAt), ...row.message })) };
}

export default function DevOutboxPage() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="outbox-heading">
      <h1 id="outbox-heading" className="text-2xl font-bold text-stone-950">
        Utkorg
      </h1>
      <p className="mt-1 text-sm text-stone-700">
        Bara i utveckling: varje mejl precis som det hade skickats. I produktion går mejlen via Cloudflare Email Service.
      </p>
      {mails.length === 0 ? <p className="mt-6 text-stone-700">Inga mejl än.</p> : null}
      <ol className="mt-6 space-y-6">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border border-stone-200 bg-white p-4" data-testid="outbox-mail">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold">Skickat</dt>
              <dd>{mail.at}</dd>
              <dt className="font-semibold">Från</dt>
              <dd>
                {mail.from.name} &lt;{mail.from.email}&gt;
              </dd>
              <dt className="font-semibold">Till</dt>
              <dd>{mail.to}</dd>
              <dt className="font-semibold">Ämne</dt>
              <dd data-testid="outbox-subject">{mail.subject}</dd>
              {Object.entries(mail.headers).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-semibold">{name}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
            <iframe
              title={`HTML-versionen av ${mail.subject}`}
              sandbox=""
              srcDoc={mail.html}
              className="mt-3 h-[32rem] w-full resize-y rounded border border-stone-200 sm:h-96"
            />
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-semibold">Textversionen</summary>
              <pre className="mt-2 text-xs break-words whitespace-pre-wrap" data-testid="outbox-text">
                {mail.text}
              </pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
