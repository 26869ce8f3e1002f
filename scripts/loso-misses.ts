/**
 * Why each missed spent profile misses, for `loso-ranking.ts --misses`: how many of the expert's models the
 * catalogue holds at all and at the buyer's budget and hard requirements, and for the reachable ones their
 * place in our list and the labelled terms that put our first three ahead. Read only on spent sets.
 */
import { setName } from "../test/advice/expert-sets.ts";
import { fold } from "../test/advice/sealed-score.ts";
import { pickDiverse } from "#app/server/advice/candidates.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { violations } from "#app/server/advice/enforcement.server";
import type { BuyerRequirements } from "#app/lib/requirements";
import { CATALOGUE } from "#app/server/cars/catalogue.server";

type Term = { label: string; value: number; weight: number };
type MissCase = {
  profile: { id: string; acceptable: string[]; maxPrice: number; acceptableNotes?: Record<string, string> };
  outcome: string;
  rows: { candidate: Candidate; terms: Term[] }[];
  named: string[];
  prepared: unknown;
};
type Ranked = { scored: Candidate[]; picked: Candidate[]; judged: { hit: boolean; line: string } };

const nameOf = (c: Candidate) => fold(setName(c.variant.make, c.variant.model));

/** Each term's share of the car's score: the differences between two cars add up to the difference of their scores. */
function shares(terms: readonly Term[]): Map<string, number> {
  const total = terms.reduce((n, t) => n + t.weight, 0);
  const out = new Map<string, number>();
  for (const t of terms) out.set(t.label, (out.get(t.label) ?? 0) + (t.value * t.weight) / total);
  return out;
}

const RELIABILITY = new Set(["rating:reliability", "exposedReliability", "fault", "wish:reliability"]);

export function diagnoseMisses<C extends MissCase>(cases: readonly C[], rank: (item: C) => Ranked) {
  const classes = new Map<string, string[]>();
  const note = (cls: string, id: string) => classes.set(cls, [...(classes.get(cls) ?? []), id]);
  let reachableExpert = 0;
  let expertModels = 0;
  for (const item of cases) {
    if (item.outcome !== "ok") {
      note("reading: no answer", item.profile.id);
      console.log(`${item.profile.id}: no answer (${item.outcome})`);
      continue;
    }
    const { scored, picked, judged } = rank(item);
    if (judged.hit) continue;
    const req = (item.prepared as { requirements: BuyerRequirements }).requirements;
    const accepted = item.profile.acceptable.map(fold);
    const status = item.profile.acceptable.map((model) => {
      const key = fold(model);
      const inCatalogue = CATALOGUE.filter((v) => fold(setName(v.make, v.model)) === key);
      if (inCatalogue.length === 0) return { model, state: "absent" };
      if (item.rows.some((row) => nameOf(row.candidate) === key)) return { model, state: "reachable" };
      const codes = new Set(inCatalogue.flatMap((v) => violations(v, req.hard)));
      if (codes.size === 0) return { model, state: "implied need" };
      return { model, state: codes.size === 1 && codes.has("maxPrice") ? "budget" : [...codes].filter((c) => c !== "maxPrice").join("+") };
    });
    const reachable = status.filter((s) => s.state === "reachable").length;
    expertModels += status.length;
    reachableExpert += reachable;
    const summary = status.map((s) => `${s.model}:${s.state}`).join(", ");
    const first = picked.slice(0, 3);
    const inSet = first.filter((c) => accepted.includes(nameOf(c))).length;
    if (reachable < 2) {
      const absent = status.filter((s) => s.state === "absent").length;
      const budget = status.filter((s) => s.state === "budget").length;
      const cls =
        absent >= budget && absent > 0 ? "coverage: models absent" : budget > 0 ? "coverage: not at the budget" : "coverage: hard requirement (reading)";
      note(cls, item.profile.id);
      console.log(`${item.profile.id} [${cls}] ${inSet}/3, reachable ${reachable}: ${summary}`);
      continue;
    }
    // The models in list order, one per model family, as far as the list goes.
    const order = pickDiverse(scored, 60, item.named);
    const place = (key: string) => order.findIndex((c) => nameOf(c) === key);
    const intruders = first.filter((c) => !accepted.includes(nameOf(c)));
    const displaced = [...new Set(accepted)]
      .map((key) => ({ key, at: place(key) }))
      .filter((e) => e.at >= 3)
      .sort((a, b) => a.at - b.at);
    const best = displaced[0];
    const expert = best ? order[best.at]! : undefined;
    const intruder = intruders.at(-1)!;
    const rowOf = (c: Candidate) => item.rows.find((row) => row.candidate.variant.id === c.variant.id)!;
    let cls = "other";
    let why = "";
    if (expert) {
      const a = shares(rowOf(intruder).terms);
      const b = shares(rowOf(expert).terms);
      const diffs = [...new Set([...a.keys(), ...b.keys()])]
        .map((label) => ({ label, d: (a.get(label) ?? 0) - (b.get(label) ?? 0) }))
        .sort((x, y) => y.d - x.d);
      why = diffs
        .slice(0, 3)
        .map((x) => `${x.label} +${x.d.toFixed(1)}`)
        .join(", ");
      const top = diffs[0]!.label;
      const scoredExpert = scored.find((c) => nameOf(c) === best!.key)!;
      if (scoredExpert.overall >= intruder.overall) cls = "make spread / diversity";
      else if (intruder.variant.size !== expert.variant.size) cls = `size class (${intruder.variant.size} over ${expert.variant.size})`;
      else if (Math.abs(intruder.window.yearTo - expert.window.yearTo) >= 4) cls = "age at the budget";
      else if (RELIABILITY.has(top)) cls = "reliability";
      else cls = `term: ${top}`;
    }
    note(cls.replace(/ \(.*\)/u, ""), item.profile.id);
    const show = (c: Candidate) => `${c.variant.make} ${c.variant.model} ${c.window.yearTo} ${c.variant.size} ${c.overall}`;
    console.log(
      `${item.profile.id} [${cls}] ${inSet}/3, reachable ${reachable}/${status.length}; ours: ${first.map(show).join(" | ")}; ` +
        `best expert: ${expert ? `${show(expert)} at ${best!.at + 1}` : "none"}; ahead by: ${why}`,
    );
  }
  console.log(`\nexpert models in missed profiles: ${expertModels}, reachable ${reachableExpert}`);
  for (const [cls, ids] of [...classes.entries()].sort((a, b) => b[1].length - a[1].length)) console.log(`${cls}: ${ids.length}  ${ids.join(" ")}`);
}
