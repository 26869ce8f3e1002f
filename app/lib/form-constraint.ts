import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

type Constraint = { required?: boolean; minLength?: number; maxLength?: number; min?: number | string; max?: number | string; pattern?: string };

/** A length check as zod 4 records it in a string schema's `def.checks`. */
type LengthCheck = { _zod: { def: { check?: string; minimum?: number; maximum?: number } } };
type AnySchema = {
  _zod: { def: { type: string; checks?: LengthCheck[]; in?: AnySchema; out?: AnySchema; innerType?: AnySchema; shape?: Record<string, AnySchema> } };
};

function lengthsOf(schema: AnySchema | undefined): Pick<Constraint, "minLength" | "maxLength"> {
  const def = schema?._zod.def;
  if (!def) return {};
  if (def.type === "pipe") {
    const inner = lengthsOf(def.in);
    return Object.keys(inner).length > 0 ? inner : lengthsOf(def.out);
  }
  if (def.type === "optional" || def.type === "default" || def.type === "nullable") return lengthsOf(def.innerType);
  if (def.type !== "string") return {};
  const lengths: Pick<Constraint, "minLength" | "maxLength"> = {};
  for (const check of def.checks ?? []) {
    const { check: kind, minimum, maximum } = check._zod.def;
    if (kind === "min_length" && minimum !== undefined) lengths.minLength = Math.max(lengths.minLength ?? 0, minimum);
    if (kind === "max_length" && maximum !== undefined) lengths.maxLength = Math.min(lengths.maxLength ?? Infinity, maximum);
  }
  return lengths;
}

/**
 * Conform's `getZodConstraint` reads string lengths from `_zod.bag`, which zod 4.6 no longer fills for
 * strings, so they are read from the checks. Enum patterns are dropped: `pattern` means nothing on a select.
 */
export function formConstraint<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): Record<keyof Shape & string, Constraint> {
  const fromConform = getZodConstraint(schema) as Record<string, Constraint | undefined>;
  const shape = (schema as unknown as AnySchema)._zod.def.shape ?? {};
  const result: Record<string, Constraint> = {};
  for (const [name, field] of Object.entries(shape)) {
    const { pattern, ...rest } = fromConform[name] ?? {};
    const isEnum = field._zod.def.type === "enum";
    result[name] = { ...lengthsOf(field), ...rest, ...(pattern && !isEnum ? { pattern } : {}) };
  }
  return result as Record<keyof Shape & string, Constraint>;
}
