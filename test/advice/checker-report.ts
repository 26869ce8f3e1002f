import { CARD_RULES, RULES } from "#app/server/advice/fact-check/rules.server";
import type { ProfileReport } from "./evaluate";

/**
 * The fact checker's figures over an evaluation run: per rule, the sentences caught in the
 * engine's own texts before the guard, and how many the guard mended or dropped.
 */
export function checkerSummary(reports: readonly ProfileReport[], listCaught = false): string[] {
  const caught = reports.flatMap((report) => report.caught);
  const written = reports.reduce((sum, report) => sum + report.writtenSentences, 0);
  const sentenceRules: readonly string[] = RULES;
  const pct = (n: number) => (written > 0 ? ((n / written) * 100).toFixed(2).replace(".", ",") : "0");
  const lines = [...RULES, ...CARD_RULES].map((rule) => {
    const mine = caught.filter((finding) => finding.rule === rule);
    const rewritten = mine.filter((finding) => finding.action === "rewritten").length;
    if (!sentenceRules.includes(rule)) return `${rule}: ${mine.length} caught before the guard (a card or list rule: reported, not mended)`;
    return `${rule}: ${mine.length} caught before the guard (rewritten ${rewritten}, dropped ${mine.length - rewritten})`;
  });
  const rewritten = caught.filter((finding) => finding.action === "rewritten").length;
  // Card and list rules find what a card lacks or two cards say; the guard drops no sentence for them.
  const dropped = caught.filter((finding) => finding.action === "dropped" && sentenceRules.includes(finding.rule)).length;
  lines.push(
    `all rules: ${caught.length} of ${written} written sentences caught (${pct(caught.length)} %); guard rewrote ${rewritten}, dropped ${dropped} (${pct(dropped)} % of sentences, limit 5 %)`,
  );
  if (listCaught)
    for (const finding of caught)
      lines.push(`  [${finding.rule}] ${finding.car}: ${finding.sentence} (${finding.why})${finding.shown ? ` → ${finding.shown}` : ""}`);
  return lines;
}
