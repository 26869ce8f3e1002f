import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * The blind buyer-wish corpus (test/advice/corpus/, see its README): the gold format the writers
 * were briefed with, parsed once at load so a malformed entry fails loudly instead of scoring 0.
 */

const MODALITIES = ["must", "prefer", "indifferent", "avoid", "exclude"] as const;
export const ModalitySchema = z.enum(MODALITIES);
export type GoldModality = z.infer<typeof ModalitySchema>;

/** Scalars, lists of scalars or nothing: the writers' value types per field. */
const GoldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()]);

export const GoldNeedSchema = z.object({
  need: z.string().min(1),
  modality: ModalitySchema,
  field: z.string().min(1).nullable(),
  value: GoldValueSchema.optional().transform((value) => value ?? null),
  quote: z.string(),
  note: z.string().optional(),
});
export type GoldNeed = z.infer<typeof GoldNeedSchema>;

export const NotRequirementSchema = z.object({
  what: z.string().min(1),
  field: z.string().min(1).nullable(),
  quote: z.string(),
});
export type NotRequirement = z.infer<typeof NotRequirementSchema>;

export const CATEGORIES = [
  "numbers-in-words",
  "hedges",
  "not-ruled-out",
  "tired-of-but",
  "never-without",
  "context-not-requirement",
  "situations",
  "brand-groups",
  "contradictions",
  "phone-spelling",
  "money-slang",
  "dialect",
  "english-words",
  "long-rambling",
  "very-short",
] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

export const GoldWishSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+-\d{3}$/u),
  category: CategorySchema,
  wish: z.string().min(1),
  maxPriceSek: z.number().int().positive(),
  needs: z.array(GoldNeedSchema),
  notRequirements: z.array(NotRequirementSchema).default([]),
  contradiction: z.string().nullable().default(null),
});
export type GoldWish = z.infer<typeof GoldWishSchema>;

export const CorpusFileSchema = z.array(GoldWishSchema);

export const CORPUS_DIR = join(import.meta.dirname, "corpus");
export const DEVELOPMENT_FILE = "development.json";
export const HOLDOUT_FILE = "holdout.json";
export const GOLD_EDITS_FILE = "gold-edits.txt";
/** A file named fresh-<date>.json is scored as fresh until its wishes are moved into development. */
export const FRESH_FILE = /^fresh-[\w-]+\.json$/u;

export function readCorpusFile(path: string): GoldWish[] {
  return CorpusFileSchema.parse(JSON.parse(readFileSync(path, "utf8")));
}

export type CorpusSet = { name: string; kind: "development" | "holdout" | "fresh"; wishes: GoldWish[] };

export function loadCorpus(dir = CORPUS_DIR): CorpusSet[] {
  const fresh = readdirSync(dir)
    .filter((name) => FRESH_FILE.test(name))
    .sort();
  return [
    { name: "development", kind: "development", wishes: readCorpusFile(join(dir, DEVELOPMENT_FILE)) },
    { name: "holdout", kind: "holdout", wishes: readCorpusFile(join(dir, HOLDOUT_FILE)) },
    ...fresh.map((name) => ({ name: name.replace(/\.json$/u, ""), kind: "fresh" as const, wishes: readCorpusFile(join(dir, name)) })),
  ];
}

export type GoldEdit = { id: string; what: string; why: string; checkedBy: string };

/** One edit a line: `id | what | why | checked-by`; `#` starts a comment line. */
export function parseGoldEdits(text: string): GoldEdit[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [id = "", what = "", why = "", checkedBy = ""] = line.split("|").map((part) => part.trim());
      if (!id || !what || !why || !checkedBy) throw new Error(`gold-edits: every line needs id | what | why | checked-by: ${line}`);
      return { id, what, why, checkedBy };
    });
}

export function loadGoldEdits(dir = CORPUS_DIR): GoldEdit[] {
  return parseGoldEdits(readFileSync(join(dir, GOLD_EDITS_FILE), "utf8"));
}
