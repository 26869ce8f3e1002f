import { describe, expect, it } from "vitest";
import {
  CAR_TEXTS_FORMAT,
  CarTextsAnswerSchema,
  parseAnswer,
  readPick,
  ShortlistEnvelopeSchema,
  shortlistFormat,
  shortlistSchema,
  TEXT_LIMITS,
} from "#app/server/ai/openai-schemas.server";

const ids = ["volvo-v60-ii-t8-awd", "skoda-octavia-iv-2-0-tdi-4x4", "toyota-rav4-v-2-5-hybrid-awd"];

const texts = {
  whyItFits: "V60 T8 har fyrhjulsdrift och drar 2 100 kg, mer än dina 1 800 kg.",
  deepDive: "V60 T8 är en laddhybrid med fyrhjulsdrift. ".repeat(8),
  commonFlaws: "Laddmodulen i V60 T8 har bytts på en del bilar; fråga efter kvitto.",
  pros: ["Fyrhjulsdrift med elmotor bak.", "Drar 2 100 kg bromsat släp."],
  cons: ["Elräckvidden i V60 T8 räcker bara till korta pendlingar.", "Önskemålet om låg driftskostnad uppfylls bara delvis."],
};

/** Every JSON-schema node of type string, wherever it sits. */
function stringNodes(node: unknown, path = "$"): { path: string; node: Record<string, unknown> }[] {
  if (typeof node !== "object" || node === null) return [];
  const record = node as Record<string, unknown>;
  const own = record.type === "string" ? [{ path, node: record }] : [];
  return [...own, ...Object.entries(record).flatMap(([key, child]) => stringNodes(child, `${path}.${key}`))];
}

describe("the shortlist schema", () => {
  const schema = shortlistSchema(ids, 2);

  it("accepts only candidate ids, at most `count` picks, an integer overall 0–100 and a bounded tagline", () => {
    const pick = { id: ids[0], overall: 82, tagline: "Dragbil för fjällen" };
    expect(schema.safeParse({ picks: [pick] }).success).toBe(true);
    expect(schema.safeParse({ picks: [{ ...pick, id: "made-up-car" }] }).success).toBe(false);
    expect(schema.safeParse({ picks: [pick, pick, pick] }).success).toBe(false);
    expect(schema.safeParse({ picks: [] }).success).toBe(false);
    expect(schema.safeParse({ picks: [{ ...pick, overall: 140 }] }).success).toBe(false);
    expect(schema.safeParse({ picks: [{ ...pick, overall: 81.5 }] }).success).toBe(false);
    expect(schema.safeParse({ picks: [{ ...pick, tagline: "x".repeat(TEXT_LIMITS.tagline.max + 1) }] }).success).toBe(false);
  });

  it("goes to the model as a strict JSON schema with the ids as an enum and every limit, lengths in words", () => {
    const format = shortlistFormat(ids, 10);
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.name).toBe("advice_shortlist");
    expect(format.json_schema.strict).toBe(true);
    const json = JSON.stringify(format.json_schema.schema);
    expect(json).toContain(JSON.stringify(ids));
    expect(json).toContain('"maxItems":10');
    expect(json).toContain('"minimum":0,"maximum":100');
    const strings = stringNodes(format.json_schema.schema);
    expect(strings.length).toBeGreaterThan(0);
    for (const { path, node } of strings) {
      if (node.enum) continue;
      expect(node.maxLength, path).toBeUndefined();
      expect(node.description, path).toBe(`${TEXT_LIMITS.tagline.min}–${TEXT_LIMITS.tagline.max} tecken.`);
    }
  });

  it("refuses to be built without candidates", () => {
    expect(() => shortlistSchema([], 10)).toThrow();
  });
});

describe("the car texts schema", () => {
  it("tells the model every string's limit (in words on the wire; zod's `.max()` checks it)", () => {
    const strings = stringNodes(CAR_TEXTS_FORMAT.json_schema.schema);
    expect(strings.map(({ path }) => path).sort()).toEqual(
      ["$.properties.commonFlaws", "$.properties.cons.items", "$.properties.deepDive", "$.properties.pros.items", "$.properties.whyItFits"].sort(),
    );
    for (const { path, node } of strings) expect(node.description, path).toMatch(/^\d+–\d+ tecken\.$/);
    expect(JSON.stringify(CAR_TEXTS_FORMAT.json_schema.schema)).toContain(`"maxItems":${TEXT_LIMITS.listItems.max}`);
    expect(CarTextsAnswerSchema.safeParse({ ...texts, whyItFits: "x".repeat(TEXT_LIMITS.whyItFits.max + 1) }).success).toBe(false);
  });

  it("accepts grounded texts and rejects texts that are too long, too short or missing", () => {
    expect(CarTextsAnswerSchema.safeParse(texts).success).toBe(true);
    expect(CarTextsAnswerSchema.safeParse({ ...texts, deepDive: "x".repeat(TEXT_LIMITS.deepDive.max + 1) }).success).toBe(false);
    expect(CarTextsAnswerSchema.safeParse({ ...texts, pros: ["Bra."] }).success).toBe(false);
    expect(CarTextsAnswerSchema.safeParse({ ...texts, cons: Array(6).fill("En nackdel som är lagom lång.") }).success).toBe(false);
    const { whyItFits: _dropped, ...missing } = texts;
    expect(CarTextsAnswerSchema.safeParse(missing).success).toBe(false);
  });
});

describe("parseAnswer", () => {
  it("words its issues so they can go back to the model in a repair turn", () => {
    expect(parseAnswer(CarTextsAnswerSchema, JSON.stringify(texts))).toEqual({ ok: true, data: texts });
    const broken = parseAnswer(CarTextsAnswerSchema, '{"whyItFits": "V60');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.issues).toMatch(/^ogiltig JSON/);
    const wrong = parseAnswer(ShortlistEnvelopeSchema, JSON.stringify({ cars: [] }));
    expect(!wrong.ok && wrong.issues).toContain("picks");
  });
});

describe("readPick", () => {
  const known = new Set(ids);

  it("keeps a candidate's pick and replaces only what is wrong with it", () => {
    expect(readPick(JSON.stringify({ id: ids[1], overall: 77, tagline: " Snål dragbil " }), known, new Set())).toEqual({
      ok: true,
      id: ids[1],
      overall: 77,
      tagline: "Snål dragbil",
    });
    expect(readPick(JSON.stringify({ id: ids[1], overall: 777, tagline: "x".repeat(300) }), known, new Set())).toEqual({
      ok: true,
      id: ids[1],
      overall: null,
      tagline: null,
    });
  });

  it("drops ids outside the candidates and repeats", () => {
    expect(readPick(JSON.stringify({ id: "volvo-xc90-ii-b5-awd", overall: 90, tagline: "Stor" }), known, new Set())).toEqual({
      ok: false,
      problem: "unknown-id",
      id: "volvo-xc90-ii-b5-awd",
    });
    expect(readPick(JSON.stringify({ overall: 90 }), known, new Set())).toEqual({ ok: false, problem: "unknown-id" });
    expect(readPick(JSON.stringify({ id: ids[0], overall: 90, tagline: "Igen" }), known, new Set([ids[0] as string]))).toMatchObject({
      ok: false,
      problem: "duplicate",
    });
    expect(readPick("{not json", known, new Set())).toEqual({ ok: false, problem: "not-json" });
  });
});
