import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { type FocusEvent, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { CreateProgress } from "#app/components/create-progress";
import { LiveReading, type TypedAddition } from "#app/components/live-reading";
import { Button } from "#app/components/ui/button";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field";
import { formConstraint } from "#app/lib/form-constraint";
import { formatNumber, formatSek } from "#app/lib/format";
import { type CreateFormValidator, validateCreateForm } from "#app/lib/create-form-validation";
import { SearchInputSchema } from "#app/lib/search-form";
import { CAR_TYPES, DESCRIPTION_MAX, SELLER_TYPES } from "#app/lib/search-options";
import { ADD_KIND, ADD_VALUE, ADD_WHAT } from "#app/lib/reading-items";
import { pageMeta } from "#app/lib/seo";
import { requireUserId } from "#app/server/auth/auth.server";
import { formatDate } from "#app/server/format-date.server";
import { readingAdditionChoices } from "#app/server/reading/correction-moves.server";
import { listRecommendationsForUser } from "#app/server/db/recommendations.server";
import { clientAddress } from "#app/server/rate-limit/client-address.server";
import { startCreate } from "#app/server/recommendations/start-create.server";
import { retryAfterHeaders } from "#app/server/http/retry-after.server";
import { clearWishCookie, readWishCookie } from "#app/server/http/wish-cookie.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/recommendations-create";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Hitta din drömbil", path: "/recommendations/create", siteUrl: matches[0]?.loaderData?.siteUrl, noIndex: true });

// The limiter's 429 carries its Retry-After only through this export.
export const headers = retryAfterHeaders;

export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const { items } = await listRecommendationsForUser(userId, { limit: 5 }, servicesFrom(args.context).db);
  // The wish carried from the landing page (or "Försök igen"): prefilled once, then the cookie goes.
  const wish = readWishCookie(args.request);
  return data(
    {
      earlier: items.map(({ id, createdAt, input }) => ({ id, date: formatDate(createdAt), carType: input.carType, maxPrice: input.maxPrice })),
      wish: wish ?? "",
      // From the server, so the page starts without zod; the browser loads the validator on first use.
      constraint: formConstraint(SearchInputSchema),
      addition: readingAdditionChoices(),
    },
    wish === null ? undefined : { headers: { "Set-Cookie": clearWishCookie(args.request) } },
  );
}

type ActionData = { result: SubmissionResult<string[]>; formTitle?: string; addition?: TypedAddition };

function typedAddition(formData: FormData, errors: Record<string, string> = {}): TypedAddition {
  const values: Record<string, string> = {};
  for (const name of [ADD_WHAT, ADD_VALUE, ADD_KIND]) {
    const value = formData.get(name);
    if (typeof value === "string" && value !== "") values[name] = value.slice(0, 100);
  }
  return { values, errors };
}

export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const formData = await args.request.formData();
  // The same validation the browser loads on first use (create-form-validation), here always.
  const submission = validateCreateForm(formData);
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), addition: typedAddition(formData) }, { status: 400 });

  // Parsed once, here; the work continues durably in the job. The form's reading rows are read by
  // startCreate against the reading the preview showed, and are final whatever the model reads later.
  const result = await startCreate(servicesFrom(args.context), {
    userId,
    input: submission.value,
    clientAddress: clientAddress(args.request),
    corrections: { form: formData },
  });
  switch (result.status) {
    case "started":
      throw redirect(`/recommendations/${result.id}`);
    case "invalid-corrections": {
      const message = [result.message, ...Object.values(result.errors)].join(" ");
      return data<ActionData>(
        { result: submission.reply({ formErrors: [message] }), formTitle: "Tolkningen kunde inte användas", addition: typedAddition(formData, result.errors) },
        { status: 400 },
      );
    }
    case "unclear":
      return data<ActionData>(
        { result: submission.reply({ fieldErrors: { description: [result.message] } }), addition: typedAddition(formData) },
        { status: 400 },
      );
    case "no-match":
      return data<ActionData>(
        { result: submission.reply({ formErrors: [result.message] }), formTitle: "Ingen bil uppfyller alla dina krav", addition: typedAddition(formData) },
        { status: 422 },
      );
    case "rate-limited":
      return data<ActionData>(
        { result: submission.reply({ formErrors: [result.message] }) },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    case "start-failed":
      return data<ActionData>({ result: submission.reply({ formErrors: [result.message] }) }, { status: 503 });
  }
}

export default function CreateRecommendationPage() {
  const { earlier, wish, constraint, addition } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  // Until the validator has loaded (first focus or press in the form), the server validates the submit;
  // a field left before it arrived (a quick tab, an autofill) is checked as soon as it does.
  const [validate, setValidate] = useState<CreateFormValidator>();
  const leftBeforeLoad = useRef(new Set<string>());
  const noteLeftField = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (!validate && typeof name === "string" && name) leftBeforeLoad.current.add(name);
  };
  const loadValidator = () => {
    if (validate) return;
    import("#app/lib/create-form-validation").then(
      (module) => setValidate(() => module.validateCreateForm),
      () => {}, // Offline or a new deploy: the submit still reaches the server, which validates.
    );
  };
  const [form, fields] = useForm({
    id: "create",
    lastResult: actionData?.result,
    constraint,
    defaultValue: { description: wish, carType: "alla", sellerType: "alla" },
    shouldValidate: validate ? "onBlur" : "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  useEffect(() => {
    if (!validate) return;
    for (const name of leftBeforeLoad.current) form.validate({ name });
    leftBeforeLoad.current.clear();
  }, [validate, form]);
  const formError = form.errors?.[0];

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="create-heading">
        <h1 id="create-heading" className="text-3xl font-bold text-stone-950">
          Hitta din drömbil
        </h1>
        <p className="mt-2 max-w-2xl text-stone-700">
          Beskriv med egna ord hur du kör och vad bilen ska klara. Ju mer vi vet, desto bättre blir förslagen. Det tar vanligtvis under en halv minut.
        </p>

        {formError ? (
          <div id={form.errorId} role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">{actionData?.formTitle ?? "Det gick inte att ta fram förslag just nu"}</p>
            <p className="mt-1">{formError}</p>
          </div>
        ) : null}

        {/* noValidate even without JavaScript: the server answers in Swedish; browser bubbles would not. */}
        <Form
          method="post"
          {...getFormProps(form)}
          noValidate
          onFocus={loadValidator}
          onPointerDown={loadValidator}
          onBlur={noteLeftField}
          className="mt-6 space-y-5"
        >
          <TextareaField
            meta={fields.description}
            label="Beskriv vad du letar efter"
            hint={`Till exempel familj, hund, pendling, dragkrok eller vinterväglag. Högst ${formatNumber(DESCRIPTION_MAX)} tecken.`}
            rows={6}
          />
          <div className="grid gap-5 sm:grid-cols-3">
            <InputField meta={fields.maxPrice} type="text" label="Maxpris (kr)" hint="Hela kronor, t.ex. 250 000" inputMode="numeric" autoComplete="off" />
            <SelectField meta={fields.carType} label="Biltyp" options={CAR_TYPES} />
            <SelectField meta={fields.sellerType} label="Säljare" options={SELLER_TYPES} />
          </div>
          <LiveReading formId={form.id} addition={addition} typed={actionData?.addition} />
          <Button type="submit" size="xl" disabled={submitting}>
            Hitta min drömbil
          </Button>
          {submitting ? <CreateProgress bringIntoView /> : null}
        </Form>
      </section>

      <aside aria-labelledby="earlier-heading" className="rounded-xl border border-stone-200 bg-white p-5 lg:self-start">
        <h2 id="earlier-heading" className="text-lg font-semibold text-stone-950">
          Dina tidigare sökningar
        </h2>
        {earlier.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">Här hamnar dina sparade rekommendationer.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {earlier.map((item) => (
              <li key={item.id}>
                <Link to={`/recommendations/${item.id}`} className="block rounded-md p-2 text-sm hover:bg-stone-100">
                  <span className="font-medium text-stone-900">
                    {CAR_TYPES[item.carType]} upp till {formatSek(item.maxPrice)}
                  </span>
                  <span className="block text-stone-600">{item.date}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/recommendations" className="mt-4 inline-block text-sm font-semibold text-brand-700 underline">
          Alla rekommendationer
        </Link>
      </aside>
    </div>
  );
}
