import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";

// A label, an optional hint and the field's first error around one control built from Conform's metadata: the
// control's id, name, constraints, default value, aria-invalid and aria-describedby all come from `meta`, so the
// server's reply (no JavaScript) and the client's validation mark the same field the same way.

/** Conform's own helpers take any form's field. */
type Meta<Schema> = FieldMetadata<Schema, any, any>;

type FrameProps<Schema> = { meta: Meta<Schema>; label: string; hint?: string | undefined };

const inputClass =
  "block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-950 shadow-sm aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";

function FieldFrame<Schema>({ meta, label, hint, children }: FrameProps<Schema> & { children: ReactNode }) {
  const error = meta.errors?.[0];
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold text-stone-900">
        {label}
      </label>
      {hint ? (
        <p id={meta.descriptionId} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1">{children}</div>
      {error ? (
        <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The hint is read with the control; Conform adds the error's id while the field is invalid. */
const aria = <Schema,>({ meta, hint }: Pick<FrameProps<Schema>, "meta" | "hint">) => ({ ariaDescribedBy: hint ? meta.descriptionId : undefined });

type Extra<Element extends "input" | "textarea" | "select"> = Omit<ComponentProps<Element>, "id" | "name" | "type" | "defaultValue" | "className">;

export function InputField<Schema>({ meta, label, hint, type, ...extra }: FrameProps<Schema> & { type: "text" | "email" } & Extra<"input">) {
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <input {...getInputProps(meta, { type, ...aria({ meta, hint }) })} key={meta.key} {...extra} className={inputClass} />
    </FieldFrame>
  );
}

export function TextareaField<Schema>({ meta, label, hint, ...extra }: FrameProps<Schema> & Extra<"textarea">) {
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <textarea {...getTextareaProps(meta, aria({ meta, hint }))} key={meta.key} {...extra} className={inputClass} />
    </FieldFrame>
  );
}

/** `options` maps each value to the words shown for it. */
export function SelectField<Schema>({ meta, label, hint, options, ...extra }: FrameProps<Schema> & { options: Record<string, string> } & Extra<"select">) {
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <select {...getSelectProps(meta, aria({ meta, hint }))} key={meta.key} {...extra} className={inputClass}>
        {Object.entries(options).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
