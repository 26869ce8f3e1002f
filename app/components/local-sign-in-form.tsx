import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { formConstraint } from "#app/lib/form-constraint";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { type LocalSignInActionData, LocalSignInSchema } from "#app/lib/sign-in-form";

const CONSTRAINT = formConstraint(LocalSignInSchema);

type Props = {
  redirectTo: string;
  actionData?: LocalSignInActionData;
  /** In the header dialog the form posts through a fetcher so errors stay inside the dialog. */
  fetcher?: ReturnType<typeof useFetcher<LocalSignInActionData>>;
  autoFocus?: boolean;
};

export function LocalSignInForm({ redirectTo, actionData, fetcher, autoFocus }: Props) {
  // The header's dialog and the /login page can both hold this form: each needs its own ids.
  const formId = `sign-in-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const lastResult = (fetcher ? fetcher.data : actionData)?.result;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: CONSTRAINT,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LocalSignInSchema }),
  });
  const FormComponent = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  // Without JavaScript a refused post lands on /login without its query: the target comes back in the
  // reply and is made safe again.
  const target = fetcher ? redirectTo : safeRedirectPath(fields.redirectTo.initialValue ?? redirectTo);
  const error = fields.email.errors?.[0];

  return (
    <FormComponent method="post" action="/login" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name={fields.redirectTo.name} value={target} />
      <div>
        <label htmlFor={fields.email.id} className="block text-sm font-semibold text-stone-900">
          E-postadress
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          autoFocus={autoFocus}
          className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-950 aria-invalid:border-red-700"
        />
        {error ? (
          <p id={fields.email.errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        Logga in
      </button>
    </FormComponent>
  );
}
