import { makeLabel } from "#app/lib/car-facts";
import type { BuyerRequirements, WishKey } from "#app/lib/requirements";
import { variantShortName } from "#app/server/cars/catalogue.server";
import type { Candidate } from "./candidates.server";
import type { CardFacts } from "./fact-check/card-facts.server";
import { checkSentence } from "./fact-check/check-card.server";
import { contradiction } from "./text-guard.server";
import { choose } from "./variation.server";

const MAX_NAMED = 3;

const years = (candidate: Candidate) =>
  candidate.window.yearFrom === candidate.window.yearTo ? `${candidate.window.yearTo}` : `${candidate.window.yearFrom}–${candidate.window.yearTo}`;

function joinSwedish(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} och ${items.at(-1)}`;
}

// The make's own order, generation after the model ("Octavia IV iV 204", "Superb III iV (218 hk, 2020)"), never after the engine.
function siblingName(other: Candidate): string {
  const v = other.variant;
  const short = variantShortName(v);
  const generation = v.generation.replace(/\s*\(.*\)$/u, "");
  const at = short.indexOf(v.model);
  const named = at < 0 ? `${short} ${generation}` : `${short.slice(0, at + v.model.length)} ${generation}${short.slice(at + v.model.length)}`;
  return named.endsWith(")") ? `${named.slice(0, -1)}, ${years(other)})` : `${named} (${years(other)})`;
}

const MET = 60;

/** A sibling said to meet the buyer's needs keeps what this card gives: each wish it meets, all-wheel drive for winter, pumps everywhere (no gas). */
function siblingsThatFit(candidate: Candidate, others: readonly Candidate[], req: Pick<BuyerRequirements, "usage">): Candidate[] {
  const winterAwd = (req.usage.northern || req.usage.winterNeeds) && candidate.variant.drivetrain === "awd";
  const met = (Object.entries(candidate.wishFit) as [WishKey, number][]).filter(([, fit]) => fit >= MET).map(([key]) => key);
  return others.filter(
    (other) =>
      (!winterAwd || other.variant.drivetrain === "awd") &&
      (other.variant.fuel !== "gas" || candidate.variant.fuel === "gas") &&
      met.every((key) => (other.wishFit[key] ?? 0) >= MET),
  );
}

export function otherVariantsLine(
  candidate: Candidate,
  siblings: readonly Candidate[],
  facts: CardFacts,
  req: Pick<BuyerRequirements, "usage">,
): string | null {
  const others = siblingsThatFit(candidate, siblings, req);
  if (others.length === 0) return null;
  const model = `${makeLabel(candidate.variant.make)} ${candidate.variant.model}`;
  const named = others.slice(0, MAX_NAMED).map(siblingName);
  const more = others.length > MAX_NAMED ? ` och ${others.length - MAX_NAMED} till` : "";
  const list = more ? `${named.join(", ")}${more}` : joinSwedish(named);
  const they = others.length === 1 ? "det utförandet" : "de utförandena";
  const line = choose(`${candidate.variant.id}:siblings`, [
    `Vill du ha fler ${model} att välja bland, klarar även ${list} dina krav.`,
    `Även ${list} klarar dina krav, om du vill ha fler ${model} att välja bland.`,
    `${model} finns också som ${list}, och ${they} klarar dina krav lika väl.`,
  ]);
  return contradiction(line, candidate.variant) === null && checkSentence(line, facts) === null ? line : null;
}
