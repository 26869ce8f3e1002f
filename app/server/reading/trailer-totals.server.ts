import type { Sourced } from "./draft.server";

// A trailer's total is the trailer plus its load, summed only when the sentence joins the weights ("plus", "till", "á", "var").

const NUMBER = String.raw`(\d{1,2}[  ]?\d{3}|\d{2,4})`;
const COUNTS: Readonly<Record<string, number>> = { två: 2, tre: 3, fyra: 4, "2": 2, "3": 3, "4": 4 };
const APPROX = String.raw`(?:ca |cirka |runt |ungefär |typ )?`;
const EACH = new RegExp(String.raw`\b(två|tre|fyra|[2-4]) \S+ (?:á|à|a|på|om) ${APPROX}${NUMBER} ?(?:kg|kilo)(?: (?:var|styck|st))?`, "gu");
const PER_HEAD = new RegExp(String.raw`\b(\p{L}{3})\p{L}* (?:på )?${APPROX}${NUMBER} ?(?:kg|kilo) (?:var|styck)\b`, "gu");
const WEIGHT = new RegExp(String.raw`${NUMBER} ?(?:(?:kg|kilo)\b|(?= till\b))`, "gu");
const JOINED = /\b(?:plus|\+)\s|\d (?:kg |kilo )?till\b|\b(?:á|à)\s|\b(?:kg|kilo) (?:var|styck)\b/u;
const TRAILER = /\b(?:släp\S*|\S*transport\S*|trailer\S*|\S*vagn\S*|\S*kärr\S*)/u;
const MIN_TOTAL_KG = 300;
const MAX_TOTAL_KG = 4000;

const kg = (digits: string) => Number(digits.replace(/[  ]/gu, ""));

export function trailerTotals(description: string): Sourced<number>[] {
  const totals: Sourced<number>[] = [];
  for (const sentence of description.toLowerCase().split(/[.!?\n]+/u)) {
    if (!JOINED.test(sentence) || !TRAILER.test(sentence)) continue;
    let rest = sentence;
    let total = 0;
    for (const each of sentence.matchAll(EACH)) {
      total += (COUNTS[each[1] ?? ""] ?? 1) * kg(each[2] ?? "0");
      rest = rest.replace(each[0], " ");
    }
    for (const each of rest.matchAll(PER_HEAD)) {
      const count = new RegExp(String.raw`\b(två|tre|fyra|[2-4]) ${each[1] ?? ""}`, "u").exec(sentence)?.[1];
      if (count === undefined) continue;
      total += (COUNTS[count] ?? 1) * kg(each[2] ?? "0");
      rest = rest.replace(each[0], " ");
    }
    for (const weight of rest.matchAll(WEIGHT)) total += kg(weight[1] ?? "0");
    const parts = [...sentence.matchAll(WEIGHT)].length;
    if (parts >= 2 && total >= MIN_TOTAL_KG && total <= MAX_TOTAL_KG) totals.push({ value: total, quote: sentence.trim().slice(0, 200) });
  }
  return totals;
}
