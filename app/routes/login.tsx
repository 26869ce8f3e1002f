import { lazy } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { LocalModeNotice } from "#app/components/local-mode-notice";
import { LocalSignInForm } from "#app/components/local-sign-in-form";
import { clerkErrorMessage } from "#app/lib/clerk-errors";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { pageMeta } from "#app/lib/seo";
import { type LocalSignInActionData, LocalSignInSchema } from "#app/lib/sign-in-form";
import { getUserId } from "#app/server/auth/auth.server";
import { createLocalSession } from "#app/server/auth/local-session.server";
import type { Route } from "./+types/login";
import { servicesFrom } from "#app/server/services.server";

// Clerk mode only.
const ClerkSignIn = lazy(() => import("#app/components/clerk-widgets").then((module) => ({ default: module.ClerkSignIn })));

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Logga in", path: "/login", siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  // The landing page's wish rides in a cookie (routes/home.tsx), never in this URL.
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getUserId(args)) throw redirect(redirectTo);
  const errorCode = url.searchParams.get("error");
  return {
    provider: servicesFrom(args.context).auth.provider,
    redirectTo,
    error: errorCode ? clerkErrorMessage(errorCode) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const config = servicesFrom(context).auth;
  if (config.provider !== "local") throw data(null, { status: 404 });

  const submission = parseWithZod(await request.formData(), { schema: LocalSignInSchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    // The return target is echoed only as our own path (the form posts it back as it is).
    if (reply.initialValue) reply.initialValue.redirectTo = safeRedirectPath(reply.initialValue.redirectTo);
    return data<LocalSignInActionData>({ result: reply }, { status: 400 });
  }
  const cookie = await createLocalSession(request, config, submission.value.email);
  throw redirect(safeRedirectPath(submission.value.redirectTo), { headers: { "Set-Cookie": cookie } });
}

export default function Login() {
  const { provider, redirectTo, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <section className="mx-auto max-w-md px-4 py-12" aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-3xl font-bold text-stone-950">
        Logga in
      </h1>
      <p className="mt-2 text-stone-700">Logga in för att spara dina bilförslag och se dem igen.</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <div className="mt-6 space-y-4">
        {provider === "clerk" ? (
          <ClerkSignIn redirectTo={redirectTo} />
        ) : (
          <>
            <LocalModeNotice />
            <LocalSignInForm redirectTo={redirectTo} actionData={actionData} autoFocus />
          </>
        )}
      </div>
    </section>
  );
}
