import { GROUP_LABELS, MOVE_FIELD, type ReadingGroup, type ReadingRow, REMOVE_FIELD, STATUS_LABELS } from "#app/lib/reading-items";
import type { NotedView } from "#app/lib/reading-items";
import { NotedList } from "./noted-list";
import { type AdditionChoices, ReadingAdditionFields } from "./reading-addition";

const GROUP_ORDER: ReadingGroup[] = ["krav", "kontrollera", "korning", "onskemal"];

export type TypedCorrections = { values: Record<string, string>; removed: string[]; moved: string[]; errors: Record<string, string> };

const MOVE_LABELS = { soften: "Bara önskemål", harden: "Gör till krav" } as const;

const STATUS_CLASS: Record<ReadingRow["status"], string> = {
  said: "",
  uncertain: "bg-amber-100 text-amber-950 ring-amber-400",
  assumed: "bg-amber-100 text-amber-950 ring-amber-400",
  buyer: "bg-brand-50 text-brand-900 ring-brand-300",
};

/** Plain inputs in the surrounding form, so corrections travel with its post, with or without JavaScript. */
export function ReadingEditor({
  rows,
  noted = [],
  typed,
  idPrefix,
  addition,
}: {
  rows: ReadingRow[];
  noted?: readonly NotedView[];
  typed?: TypedCorrections | undefined;
  idPrefix: string;
  addition?: AdditionChoices | undefined;
}) {
  const groups = GROUP_ORDER.map((group) => [group, rows.filter((row) => row.group === group)] as const).filter(([, list]) => list.length > 0);
  return (
    <div className="space-y-4">
      {groups.map(([group, list]) => (
        <fieldset key={group} className="min-w-0">
          <legend className="text-sm font-semibold text-stone-700">{GROUP_LABELS[group]}</legend>
          <ul className="mt-1.5 space-y-2">
            {list.map((row) => {
              const base = `${idPrefix}-${row.id.replace(/[^A-Za-z0-9-]/g, "-")}`;
              const mark = STATUS_LABELS[row.status];
              const error = row.edit ? typed?.errors[row.edit.name] : undefined;
              const typedValue = row.edit ? typed?.values[row.edit.name] : undefined;
              return (
                <li
                  key={`${row.id}:${row.edit?.value ?? ""}`}
                  className="rounded-lg border border-stone-200 bg-white p-2.5 has-[input[name=ta-bort]:checked]:bg-stone-100 has-[input[name=ta-bort]:checked]:opacity-70"
                  data-testid="reading-row"
                  data-status={row.status}
                >
                  {/* Two columns, so "Ta bort" stays at the right edge however the text wraps. */}
                  <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
                    <p className="min-w-0 text-sm text-stone-950">
                      {mark ? (
                        <span className={`mr-1.5 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_CLASS[row.status]}`}>{mark}</span>
                      ) : null}
                      <span className="font-medium [li:has(input[name=ta-bort]:checked)_&]:line-through">{row.text}</span>
                      {row.quote ? <span className="block text-xs text-stone-600">Du skrev: ”{row.quote}”</span> : null}
                    </p>
                    {row.removable ? (
                      <label htmlFor={`${base}-remove`} className="flex shrink-0 items-center gap-1.5 text-sm text-stone-800">
                        <input
                          id={`${base}-remove`}
                          type="checkbox"
                          name={REMOVE_FIELD}
                          value={row.id}
                          defaultChecked={typed?.removed.includes(row.id)}
                          className="size-4 accent-brand-700"
                        />
                        Ta bort<span className="sr-only">: {row.text}</span>
                      </label>
                    ) : null}
                  </div>
                  {row.edit ? (
                    <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm">
                      <label htmlFor={`${base}-edit`} className="text-stone-700">
                        {row.edit.label}
                      </label>
                      {row.edit.kind === "number" ? (
                        <span className="flex items-center gap-1.5">
                          <input
                            id={`${base}-edit`}
                            type="text"
                            inputMode="numeric"
                            autoComplete="off"
                            name={row.edit.name}
                            defaultValue={typedValue ?? (row.edit.value === null ? "" : String(row.edit.value))}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${base}-error` : undefined}
                            className="w-24 rounded-md border border-stone-400 px-2 py-1 text-stone-950 aria-invalid:border-red-700"
                          />
                          {row.edit.unit ? <span className="text-stone-600">{row.edit.unit}</span> : null}
                        </span>
                      ) : (
                        <select
                          id={`${base}-edit`}
                          name={row.edit.name}
                          defaultValue={typedValue ?? row.edit.value ?? ""}
                          className="rounded-md border border-stone-400 px-2 py-1 text-stone-950"
                        >
                          <option value="">Välj</option>
                          {row.edit.options.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      )}
                    </div>
                  ) : null}
                  {row.move === "soften" || row.move === "harden" ? (
                    <label htmlFor={`${base}-move`} className="mt-1.5 flex items-center gap-1.5 text-sm text-stone-800">
                      <input
                        id={`${base}-move`}
                        type="checkbox"
                        name={MOVE_FIELD}
                        value={row.id}
                        defaultChecked={typed?.moved.includes(row.id)}
                        className="size-4 accent-brand-700"
                      />
                      {MOVE_LABELS[row.move]}
                      <span className="sr-only">: {row.text}</span>
                    </label>
                  ) : row.move === "hard-only" && row.group === "krav" ? (
                    <p className="mt-1 text-xs text-stone-600">Kan bara vara ett krav: ändra värdet eller ta bort det.</p>
                  ) : null}
                  {error ? (
                    <p id={`${base}-error`} className="mt-1 text-sm font-medium text-red-700">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {noted.length > 0 ? <NotedList items={noted} /> : null}
      {addition ? <ReadingAdditionFields addition={addition} idPrefix={`${idPrefix}-ny`} typed={typed?.values} errors={typed?.errors} /> : null}
    </div>
  );
}
