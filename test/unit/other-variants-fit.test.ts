import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { otherVariantsLine } from "#app/server/advice/other-variants.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS as A } from "#app/server/cars/ownership-cost.server";

// Siblings named as meeting the buyer's needs keep what this card gives the buyer; a line that cannot name them is left out.

const prepared = prepareAdvice(
  {
    description: "två vuxna o två ungar i bilbarnstol, bor utanför falun, stort bagage, ska klara vinter på grusväg, gärna billig i drift",
    maxPrice: 120_000,
    carType: "alla",
    sellerType: "alla",
  },
  10,
  { assumptions: A },
);
if (prepared.status !== "ready") throw new Error(prepared.status);
const { candidates, requirements } = prepared.prepared;
const octavias = candidates.filter((c) => c.variant.make === "Skoda" && c.variant.model === "Octavia");
const awd = octavias.find((c) => c.variant.drivetrain === "awd")!;
const fwd = octavias.find((c) => c.variant.drivetrain === "fwd" && c.variant.fuel !== "gas")!;
const like = (c: Candidate, part: Partial<Candidate["variant"]>) => ({ ...c, variant: { ...c.variant, ...part } }) as Candidate;

describe("the other-variants line", () => {
  it("on a 4x4 card for a winter buyer names no front-wheel-drive or gas sibling, and names a 4x4 one", () => {
    expect(requirements.usage.winterNeeds || requirements.usage.northern).toBe(true);
    const facts = cardFacts(awd, requirements);
    const gas = like(fwd, { id: "octavia-gas-like", fuel: "gas", drivetrain: "awd", name: "Octavia 1.4 TSI G-Tec" });
    expect(otherVariantsLine(awd, [fwd, gas], facts, requirements)).toBeNull();
    const sibling = like(awd, { id: "octavia-awd-sibling", name: "Octavia 1.6 TDI 4x4" });
    expect(otherVariantsLine(awd, [fwd, sibling], facts, requirements)).toMatch(/(?:klarar även|Även|finns också som) Octavia [IVX]+ 1\.6 TDI 4x4 /u);
  });

  it("names no sibling that misses a wish this card meets, and never says 'ett utförande till … sök på modellen'", () => {
    const met = Object.entries(awd.wishFit).find(([, fit]) => fit >= 60)![0];
    const weaker = { ...like(awd, { id: "octavia-weaker", name: "Octavia 1.6 TDI 4x4" }), wishFit: { ...awd.wishFit, [met]: 10 } } as Candidate;
    expect(otherVariantsLine(awd, [weaker], cardFacts(awd, requirements), requirements)).toBeNull();
    const unsafe = like(awd, { id: "octavia-other", name: "Octavia 2.0 TDI 4x4 (250 hk)" });
    const line = otherVariantsLine(awd, [unsafe], cardFacts(awd, requirements), requirements);
    expect(line ?? "").not.toMatch(/utförande till|sök på modellen/u);
  });
});

describe("the pros list", () => {
  it("is never empty when a rating beats most of the list, even with no catalogue strength left for the buyer", () => {
    const [first, ...rest] = candidates.slice(0, 5);
    const bare = {
      ...first!,
      variant: { ...first!.variant, strengths: ["Bilen drar 3 000 kg bromsat släp.", "Bilen drar också 3 000 kg bromsat släp."], ncap: null },
      ratings: { comfort: 64, performance: 1, security: 1, reliability: 1, economy: 1 },
    } as Candidate;
    const low = (c: Candidate) => ({ ...c, ratings: { comfort: 50, performance: 50, security: 50, reliability: 50, economy: 50 } }) as Candidate;
    const peers = [bare, ...rest.map(low)];
    // The list's own figures fill it: a rating ahead of most, or a yearly cost item cheaper than most.
    expect(writeLocally(bare, requirements, peers).pros.join(" ")).toMatch(
      /64 av 100 för komfort i vår bedömning, mer än de flesta av förslagen|än för de flesta av förslagen, cirka [\d\s\u00a0]+kr om året/u,
    );
  });
});
