import { zodResponseFormat } from "openai/helpers/zod";
import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import type { z } from "zod";

/**
 * The JSON schema we send is a hint for the model's decoder, not our check: OpenAI's strict
 * structured outputs accept only a documented subset of JSON Schema and "can reject" the rest
 * (https://platform.openai.com/docs/guides/structured-outputs/supported-schemas): for strings only
 * `pattern` and `format`, for numbers `multipleOf`/`minimum`/`maximum` (and exclusive forms), for
 * arrays `minItems`/`maxItems`, beside the structural keywords. Everything else (string lengths,
 * `$schema`, …) is taken off the wire here; the zod schema still checks every answer in full
 * (`parseAnswer`), and a string's length limits go along as words in its description.
 */
const STRICT_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "pattern",
  "format",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/** "8–100 tecken": a string's length limits, in words the model reads. */
function lengthHint(node: JsonSchema): string | null {
  const min = typeof node.minLength === "number" ? node.minLength : null;
  const max = typeof node.maxLength === "number" ? node.maxLength : null;
  if (min === null && max === null) return null;
  if (min !== null && max !== null) return `${min}–${max} tecken.`;
  return max !== null ? `Högst ${max} tecken.` : `Minst ${min} tecken.`;
}

/** A copy of `schema` with only the strict subset's keywords, at every level. */
export function toStrictSubset(schema: unknown): JsonSchema {
  if (!isSchema(schema)) return {};
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!STRICT_SCHEMA_KEYWORDS.has(key)) continue;
    if ((key === "properties" || key === "$defs" || key === "definitions") && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, toStrictSubset(child)]));
    } else if ((key === "items" || key === "additionalProperties") && isSchema(value)) {
      out[key] = toStrictSubset(value);
    } else if (key === "anyOf" && Array.isArray(value)) {
      out[key] = value.map((child) => toStrictSubset(child));
    } else {
      out[key] = value;
    }
  }
  const hint = lengthHint(schema);
  if (hint) out.description = typeof out.description === "string" ? `${out.description} ${hint}` : hint;
  return out;
}

/** The response_format for a zod schema, as it goes on the wire: strict, in the supported subset. */
export function strictResponseFormat(schema: z.ZodType, name: string): ResponseFormatJSONSchema {
  const format = zodResponseFormat(schema, name);
  return {
    type: "json_schema",
    json_schema: { name: format.json_schema.name, strict: true, schema: toStrictSubset(format.json_schema.schema) },
  };
}
