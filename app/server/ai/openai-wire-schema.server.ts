import { zodResponseFormat } from "openai/helpers/zod";
import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import type { z } from "zod";

// OpenAI's strict mode may reject keywords outside this subset (structured-outputs "supported schemas"); zod still checks every answer.
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

function lengthHint(node: JsonSchema): string | null {
  const min = typeof node.minLength === "number" ? node.minLength : null;
  const max = typeof node.maxLength === "number" ? node.maxLength : null;
  if (min === null && max === null) return null;
  if (min !== null && max !== null) return `${min}–${max} tecken.`;
  return max !== null ? `Högst ${max} tecken.` : `Minst ${min} tecken.`;
}

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

export function strictResponseFormat(schema: z.ZodType, name: string): ResponseFormatJSONSchema {
  const format = zodResponseFormat(schema, name);
  return {
    type: "json_schema",
    json_schema: { name: format.json_schema.name, strict: true, schema: toStrictSubset(format.json_schema.schema) },
  };
}
