import { zodResponseFormat } from "openai/helpers/zod";
import { describe, expect, it } from "vitest";
import { CAR_TEXTS_FORMAT, CarTextsAnswerSchema, shortlistFormat, shortlistSchema } from "#app/server/ai/openai-schemas.server";
import { toStrictSubset } from "#app/server/ai/openai-wire-schema.server";
import { unsupportedKeywords } from "#test/fakes/openai";

/**
 * Only keywords in OpenAI's documented strict subset reach the wire. The list used to judge is the
 * fake upstream's own (test/fakes/openai.ts), written from OpenAI's guide independently of the
 * app's, so a keyword the app lets through fails here and in every integration test.
 */

const ids = ["volvo-v60-ii-t8-awd", "skoda-octavia-iv-2-0-tdi-4x4"];

/** Every response_format the app sends. A new model call adds its format here. */
const WIRE_FORMATS = {
  shortlist: shortlistFormat(ids, 10),
  carTexts: CAR_TEXTS_FORMAT,
};

describe("the schemas on the wire", () => {
  it("the check can fail: zod's own JSON schema carries keywords outside the subset", () => {
    const raw = zodResponseFormat(shortlistSchema(ids, 10), "x").json_schema.schema;
    expect(unsupportedKeywords(raw)).toEqual(
      expect.arrayContaining(["$.$schema", "$.properties.picks.items.properties.tagline.minLength", "$.properties.picks.items.properties.tagline.maxLength"]),
    );
    expect(unsupportedKeywords(zodResponseFormat(CarTextsAnswerSchema, "y").json_schema.schema).length).toBeGreaterThan(5);
  });

  it.each(Object.entries(WIRE_FORMATS))("%s: strict, and no unsupported keyword anywhere", (_name, format) => {
    expect(format.json_schema.strict).toBe(true);
    expect(unsupportedKeywords(format.json_schema.schema)).toEqual([]);
  });

  it("keeps structure and supported limits, and walks properties, items, anyOf and $defs", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        name: { type: "string", minLength: 2, maxLength: 9, pattern: "^[a-z]+$" },
        tags: { type: "array", minItems: 1, maxItems: 3, uniqueItems: true, items: { type: "string", maxLength: 5 } },
        either: {
          anyOf: [
            { type: "integer", minimum: 0, maximum: 9 },
            { type: "null", title: "inget" },
          ],
        },
        ref: { $ref: "#/$defs/part" },
        // A property NAMED like a keyword is data, not a keyword: kept.
        minLength: { type: "number", multipleOf: 0.5 },
      },
      $defs: {
        part: { type: "object", properties: { x: { type: "string", format: "date" } }, required: ["x"], additionalProperties: false, minProperties: 1 },
      },
      required: ["name", "tags", "either", "ref", "minLength"],
      additionalProperties: false,
    };
    const wire = toStrictSubset(schema);
    expect(unsupportedKeywords(wire)).toEqual([]);
    expect(wire).toEqual({
      type: "object",
      properties: {
        name: { type: "string", pattern: "^[a-z]+$", description: "2–9 tecken." },
        tags: { type: "array", minItems: 1, maxItems: 3, items: { type: "string", description: "Högst 5 tecken." } },
        either: { anyOf: [{ type: "integer", minimum: 0, maximum: 9 }, { type: "null" }] },
        ref: { $ref: "#/$defs/part" },
        minLength: { type: "number", multipleOf: 0.5 },
      },
      $defs: { part: { type: "object", properties: { x: { type: "string", format: "date" } }, required: ["x"], additionalProperties: false } },
      required: ["name", "tags", "either", "ref", "minLength"],
      additionalProperties: false,
    });
  });
});
