import { useId } from "react";
import { Form, useFetcher } from "react-router";
import type { LocalSignInActionData } from "#app/lib/sign-in-form";

type Props = {
  redirectTo: string;
  /** What the server answered last time (keeps what was typed, shows the error next to the field). */
  actionData?: LocalSignInActionData;
  /** In the header dialog the form posts through a fetcher so errors stay inside the dialog. */
  fetcher?: ReturnType<typeof useFetcher<LocalSignInActionData>>;
  autoFocus?: boolean;
};

export function LocalSignInForm({ redirectTo, actionData, fetcher, autoFocus }: Props) {
  const id = useId();
  const data = fetcher?.data ?? actionData;
  const error = data?.errors.email;
  const FormComponent = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;

  return (
    <FormComponent method="post" action="/login" className="space-y-4" noValidate>
      <input type="hidden" name="redirectTo" value={data?.fields.redirectTo ?? redirectTo} />
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-stone-900">
          E-postadress
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          autoFocus={autoFocus}
          defaultValue={data?.fields.email ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-email-error` : undefined}
          className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-950 aria-invalid:border-red-700"
        />
        {error ? (
          <p id={`${id}-email-error`} className="mt-1 text-sm font-medium text-red-700">
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

export function LocalModeNotice() {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>Lokalt läge.</strong> Drömbil körs utan inloggningstjänst, till exempel på en utvecklardator. Du loggar in med
      bara en e-postadress, utan lösenord eller verifiering. Samma adress ger samma konto.
    </p>
  );
}
