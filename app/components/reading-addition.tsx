import { useState } from "react";
import { ADD_KIND, ADD_VALUE, ADD_WHAT, type ReadingAddition } from "#app/lib/reading-items";

export type AdditionChoices = { choices: ReadingAddition[]; makes: readonly string[] };

const KINDS = [
  { value: "krav", label: "Krav", hint: "bilen måste ha det" },
  { value: "onskemal", label: "Önskemål", hint: "gärna, men inget måste" },
] as const;

/** Plain fields in the surrounding form: without JavaScript all show and the server says what is missing. */
export function ReadingAdditionFields({
  addition,
  idPrefix,
  typed,
  errors,
}: {
  addition: AdditionChoices;
  idPrefix: string;
  typed?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
}) {
  const [what, setWhat] = useState(typed?.[ADD_WHAT] ?? "");
  const choice = addition.choices.find((candidate) => candidate.value === what);
  const groups = [...new Set(addition.choices.map((candidate) => candidate.group))];
  const id = (name: string) => `${idPrefix}-${name.replace(/\W/g, "-")}`;
  const errorOf = (name: string) =>
    errors?.[name] ? (
      <p id={`${id(name)}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => (errors?.[name] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});

  return (
    <fieldset className="min-w-0 rounded-lg border border-dashed border-stone-300 bg-white p-3" data-testid="reading-addition">
      <legend className="px-1 text-sm font-semibold text-stone-700">Lägg till ett krav eller önskemål</legend>
      <p className="text-sm text-stone-600">
        Saknas något? Välj vad, skriv ett tal eller ett märke om det behövs, och säg om det är ett krav eller ett önskemål.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <div className="min-w-0">
          <label htmlFor={id(ADD_WHAT)} className="block text-sm font-medium text-stone-800">
            Vad
          </label>
          <select
            id={id(ADD_WHAT)}
            name={ADD_WHAT}
            defaultValue={typed?.[ADD_WHAT] ?? ""}
            onChange={(event) => setWhat(event.currentTarget.value)}
            className="mt-1 w-full rounded-md border border-stone-400 px-2 py-1.5 text-stone-950"
            {...described(ADD_WHAT)}
          >
            <option value="">Välj</option>
            {groups.map((group) => (
              <optgroup key={group} label={group}>
                {addition.choices
                  .filter((candidate) => candidate.group === group)
                  .map((candidate) => (
                    <option key={candidate.value} value={candidate.value}>
                      {candidate.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {errorOf(ADD_WHAT)}
        </div>
        <div hidden={choice !== undefined && choice.needs === null}>
          <label htmlFor={id(ADD_VALUE)} className="block text-sm font-medium text-stone-800">
            Värde
          </label>
          <input
            id={id(ADD_VALUE)}
            name={ADD_VALUE}
            type="text"
            autoComplete="off"
            list={`${idPrefix}-makes`}
            placeholder={choice?.needs === "make" ? "t.ex. Volvo" : "t.ex. 2 400"}
            defaultValue={typed?.[ADD_VALUE] ?? ""}
            className="mt-1 w-full rounded-md border border-stone-400 px-2 py-1.5 text-stone-950 aria-invalid:border-red-700"
            {...described(ADD_VALUE)}
          />
          <datalist id={`${idPrefix}-makes`}>
            {addition.makes.map((make) => (
              <option key={make} value={make} />
            ))}
          </datalist>
          {errorOf(ADD_VALUE)}
        </div>
      </div>
      <fieldset className="mt-3" {...described(ADD_KIND)}>
        <legend className="text-sm font-medium text-stone-800">Krav eller önskemål</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {KINDS.map((kind) => (
            <label key={kind.value} className="flex items-center gap-1.5 text-sm text-stone-800 has-disabled:opacity-50">
              <input
                type="radio"
                name={ADD_KIND}
                value={kind.value}
                defaultChecked={typed?.[ADD_KIND] === kind.value}
                disabled={choice !== undefined && choice.kinds.length > 0 && !choice.kinds.includes(kind.value)}
                className="size-4 accent-brand-700"
              />
              <span>
                <span className="font-medium">{kind.label}</span> <span className="text-stone-600">({kind.hint})</span>
              </span>
            </label>
          ))}
        </div>
        {errorOf(ADD_KIND)}
      </fieldset>
    </fieldset>
  );
}
