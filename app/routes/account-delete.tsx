import { ACCOUNT_DELETION_COPY } from "#app/lib/failure-copy";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
import { type AccountDeletionActionData, AccountDeletionSchema, DELETE_ACCOUNT_CONFIRMATION } from "#app/lib/account-deletion-form";
import { formConstraint } from "#app/lib/form-constraint";
import { pageMeta } from "#app/lib/seo";
import { deleteAccount } from "#app/server/account/delete-account.server";
import { authConfigFor, getUserId, requireUserId } from "#app/server/auth/auth.server";
import type { Route } from "./+types/account-delete";
import { servicesFrom } from "#app/server/services.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Radera mitt konto", path: "/konto/radera", siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

/** Shows the receipt after the redirect, when the visitor is already signed out. */
const DELETED_FLASH = "raderat";
/** R2 files not all removed at once; the cron finishes them. */
const RESULTS_PENDING_FLASH = "resultat";

/** Signed out right after a deletion: the receipt; otherwise 401 like every signed-in page. */
export async function loader(args: Route.LoaderArgs) {
  const provider = authConfigFor(args).provider;
  if (await getUserId(args)) return { state: "confirm" as const, provider, resultsPending: false };
  const flash = new URL(args.request.url).searchParams;
  if (flash.get(DELETED_FLASH) === "1") return { state: "deleted" as const, provider, resultsPending: flash.get(RESULTS_PENDING_FLASH) === "kvar" };
  throw data("Not authenticated", { status: 401 });
}

const CONSTRAINT = formConstraint(AccountDeletionSchema);

/** A wrong confirmation is a 400 that deletes nothing; a failure is a 503 saying what was deleted. */
export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const submission = parseWithZod(await args.request.formData(), { schema: AccountDeletionSchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    // Echo at most what the field accepts (a hand-made post may send more).
    const typed = reply.initialValue?.confirmation;
    if (reply.initialValue) reply.initialValue.confirmation = typeof typed === "string" ? typed.slice(0, 100) : "";
    return data<AccountDeletionActionData>({ result: reply }, { status: 400 });
  }

  const result = await deleteAccount(args.request, userId, authConfigFor(args), servicesFrom(args.context));
  if (!result.ok) {
    return data<AccountDeletionActionData>(
      { result: submission.reply({ formErrors: [ACCOUNT_DELETION_COPY[result.reason]], hideFields: ["confirmation"] }) },
      { status: 503 },
    );
  }

  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(`/konto/radera?${DELETED_FLASH}=1${result.resultsPending ? `&${RESULTS_PENDING_FLASH}=kvar` : ""}`, { headers });
}

export default function AccountDeletePage() {
  const { state, provider, resultsPending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: actionData?.result,
    constraint: CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AccountDeletionSchema }),
  });
  const formError = form.errors?.[0];

  if (state === "deleted") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="deleted-heading">
        <h1 id="deleted-heading" className="text-3xl font-bold text-stone-950">
          Ditt konto är raderat
        </h1>
        <p role="status" className="mt-4 text-lg text-stone-700">
          Vi har raderat alla dina sparade rekommendationer, de önskemål du skrev, dina bevakningar och uppgiften om när du senast var inloggad.{" "}
          {provider === "clerk" ? "Ditt konto hos vår inloggningstjänst Clerk är också raderat." : ""} Du är utloggad.
        </p>
        {resultsPending ? (
          <p className="mt-4 text-stone-700">
            Ingen kan längre se dina rekommendationer, men några av de sparade resultatfilerna kunde inte tas bort på en gång. De tas bort automatiskt av vår
            nattliga städning, som försöker igen tills de är borta.
          </p>
        ) : null}
        <p className="mt-4 text-stone-700">Välkommen tillbaka om du vill börja om – då är allt tomt.</p>
        <Link to="/" className={buttonClass({ size: "md" }, "mt-6")}>
          Till startsidan
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="delete-heading">
      <h1 id="delete-heading" className="text-3xl font-bold text-stone-950">
        Radera mitt konto
      </h1>
      <p className="mt-4 text-stone-700">När du raderar ditt konto tar vi direkt och för gott bort:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-stone-700">
        <li>alla dina sparade rekommendationer och de önskemål du skrev,</li>
        <li>dina bevakningar, annonserna de hittat och uppgifterna om mejl vi skickat om dem,</li>
        <li>uppgiften om när du senast var inloggad,</li>
        <li>
          {provider === "clerk" ? "ditt konto hos vår inloggningstjänst Clerk, med e-postadress och inloggningsuppgifter." : "din inloggning – du loggas ut."}
        </li>
      </ul>
      <p className="mt-4 text-stone-700">
        Det går inte att ångra. Vill du spara något,{" "}
        <a href="/recommendations/export" download className="font-semibold text-brand-700 underline">
          ladda ner dina data
        </a>{" "}
        först.
      </p>

      {formError ? (
        <p id={form.errorId} role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {formError}
        </p>
      ) : null}

      {/* With Clerk the page reloads afterwards, so Clerk's browser SDK starts from the signed-out state. */}
      <Form
        method="post"
        reloadDocument={provider === "clerk"}
        {...getFormProps(form)}
        noValidate
        className="mt-6 space-y-4 rounded-xl border border-red-200 bg-white p-6 shadow-sm"
      >
        <InputField
          meta={fields.confirmation}
          type="text"
          label={`Skriv ${DELETE_ACCOUNT_CONFIRMATION} för att bekräfta`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? "Raderar…" : "Radera mitt konto"}
          </Button>
          <Link to="/recommendations" className="rounded-md px-3 py-2 font-semibold text-stone-700 underline hover:text-stone-950">
            Avbryt
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
