import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { InputField } from "#app/components/ui/field";
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
  // Without JavaScript a refused post lands on /login without its query: the target comes back in the reply and is made safe again.
  const target = fetcher ? redirectTo : safeRedirectPath(fields.redirectTo.initialValue ?? redirectTo);

  return (
    <FormComponent method="post" action="/login" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name={fields.redirectTo.name} value={target} />
      <InputField meta={fields.email} type="email" label="E-postadress" autoComplete="email" autoFocus={autoFocus} />
      <Button type="submit" size="md" className="w-full" disabled={busy}>
        Logga in
      </Button>
    </FormComponent>
  );
}
