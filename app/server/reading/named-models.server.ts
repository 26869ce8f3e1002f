import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { modelKeyOf } from "#app/server/cars/equipment.server";
import type { NotedItem } from "#app/lib/requirements";

// A model name that is also an everyday word ("partner", "born") counts only right after its make.

const normalise = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[,;:()"“”!?.]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim()} `;

const EVERYDAY = new Set([
  "partner",
  "expert",
  "master",
  "born",
  "spring",
  "jazz",
  "leaf",
  "puma",
  "ranger",
  "swift",
  "focus",
  "jogger",
  "defender",
  "discovery",
  "up!",
  "one",
  "jimny",
  "camry",
  "kona",
  "zoe",
  "seal",
  "dolphin",
  "atto 3",
  "mustang",
  "transit",
  "traveller",
  "captur",
  "clio",
  "micra",
  "juke",
  "polo",
  "golf",
  "caddy",
  "prius",
  "corolla",
]);

type Pattern = { key: string; alone: RegExp | null; withMake: RegExp };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

const PATTERNS: Pattern[] = (() => {
  const seen = new Map<string, { make: string; model: string }>();
  for (const variant of CATALOGUE) seen.set(modelKeyOf(variant), { make: variant.make, model: variant.model.replace(/^718 /u, "") });
  return [...seen].map(([key, { make, model }]) => {
    const name = model.toLowerCase();
    const spaced = escape(name).replace(/-/gu, "[- ]?").replace(/ /gu, " ?");
    // A short or all-digit name ("2", "UX", "i3") is a model only after its make ("Mazda 2", not "2 barn").
    const alone = EVERYDAY.has(name) || name.length <= 2 || /^\d+$/u.test(name) ? null : new RegExp(`[ /]${spaced}(?:an|en|n|s)?[ /]`, "u");
    return { key, alone, withMake: new RegExp(` ${escape(make.toLowerCase())}s? ${spaced}(?:an|en|n|s)?[ /]`, "u") };
  });
})();

export function namedModels(description: string): string[] {
  const text = normalise(description);
  if (text.trim().length === 0) return [];
  return PATTERNS.filter((pattern) => pattern.withMake.test(text) || (pattern.alone?.test(text) ?? false)).map((pattern) => pattern.key);
}

/** A model named is shown as read ("Modell: Volvo XC90"); the ranking weighs it, so it steers. */
export function notedModels(keys: readonly string[]): NotedItem[] {
  return keys.map((key) => {
    const name = key.replace("|", " ");
    return { text: `Modell: ${name}`, quote: null, steers: true };
  });
}
