import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate, Ratings } from "#app/server/advice/candidates.server";
import type { CarTexts } from "#app/server/advice/contracts.server";
import { checkList } from "#app/server/advice/fact-check/list-rules.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// The ninth review's first class: whether a rating or the month's cost is a pro or a con follows its place in the list,
// the same way on every card.

function prepare(description: string, maxPrice: number) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  return prepared.prepared;
}

const texts = (part: Partial<CarTexts>): CarTexts => ({ tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [], ...part });
const ratings = (part: Partial<Ratings>): Ratings => ({ comfort: 70, performance: 70, security: 70, reliability: 70, economy: 70, ...part });

describe("the list checker: one verdict per rating and per cost across the cards", () => {
  it("catches a reliability of 80 praised on one card and warned on another", () => {
    const i20 = { name: "i20", ratings: ratings({ reliability: 80 }), texts: texts({ pros: ["i20 1.25 får 80 av 100 för driftsäkerhet i vår bedömning."] }) };
    const ix20 = {
      name: "ix20",
      ratings: ratings({ reliability: 80 }),
      texts: texts({ cons: ["ix20 1.6 är pålitlig men ligger efter flera av förslagen i driftsäkerhet (80 av 100 i vår bedömning)."] }),
    };
    const calm = { name: "Jazz", ratings: ratings({ reliability: 86 }), texts: texts({}) };
    expect(checkList([i20, ix20, calm]).map((finding) => `${finding.rule}:${finding.car}`)).toContain("list-contradiction:i20");
    // A lower value warned elsewhere is no contradiction.
    expect(
      checkList([i20, { ...ix20, ratings: ratings({ reliability: 78 }), texts: texts({ cons: [ix20.texts.cons[0]!.replace("80", "78")] }) }, calm]),
    ).toEqual([]);
  });

  it("catches the month's cost as a pro on a dearer card and as a con on a cheaper one", () => {
    const card = (name: string, total: number, part: Partial<CarTexts>) => ({ name, ratings: ratings({}), total, texts: texts(part) });
    const ix20 = card("ix20", 25_200, { pros: ["Med skatt, försäkring, drivmedel och service kostar ix20 1.6 cirka 2 100 kr i månaden."] });
    const rav4 = card("RAV4", 19_000, {
      cons: ["Att äga RAV4 kostar cirka 1 600 kr i månaden vid 2 500 mil om året, så räkna med det i budgeten (ägandekostnad 48 av 100)."],
    });
    const middle = card("Swift", 22_000, {});
    expect(checkList([ix20, rav4, middle]).map((finding) => `${finding.rule}:${finding.car}`)).toEqual(["list-claims:ix20", "list-claims:RAV4"]);
    const fair = [
      { ...ix20, total: 18_000 },
      { ...rav4, total: 26_000 },
      { ...middle, texts: texts({ cons: ["Ägandekostnaden får 48 av 100, men Swift är billigare att äga än snittet av förslagen: 1 800 kr i månaden."] }) },
    ];
    expect(checkList(fair)).toEqual([]);
  });
});

describe("the writer: the same rating and cost get the same verdict on every card", () => {
  const r1 = prepare("Vill ha nåt som bara håller, gärna manuell växellåda, bensin, låg skatt. Kör mest i stan, ca 1000 mil om året.", 60_000);
  const r4 = prepare("Bor utanför Luleå. Behöver fyrhjulsdrift och ska dra en husvagn som väger 1 600 kg. Kör 2 500 mil om året. Diesel går bra.", 320_000);
  const card = (c: Candidate, list: readonly Candidate[], req: typeof r1.requirements) => ({
    name: c.variant.id,
    ratings: c.ratings,
    total: c.costs.total,
    texts: writeLocally(c, req, list),
  });

  it("writes lists the checker finds no cost or rating contradiction in", () => {
    for (const prepared of [r1, r4]) {
      const list = prepared.candidates.slice(0, 10);
      const cards = list.map((c) => card(c, list, prepared.requirements));
      const findings = checkList(cards).filter((finding) => /fördel|nackdel|månadskostnaden/u.test(finding.why));
      expect(findings).toEqual([]);
    }
  });

  it("states a low all-car cost rating on the list's cheapest car with its place, not as the weak side", () => {
    const list = r4.candidates.slice(0, 10);
    const cheapest = [...list].sort((a, b) => a.costs.total - b.costs.total)[0]!;
    const poor = { ...cheapest, ratings: { ...cheapest.ratings, economy: 40, comfort: 90, performance: 90, security: 90, reliability: 90 } };
    const cons = writeLocally(
      poor,
      r4.requirements,
      list.map((c) => (c === cheapest ? poor : c)),
    ).cons.join(" ");
    expect(cons).toMatch(/billigast att äga bland förslagen/u);
    expect(cons).not.toMatch(/svaga sidan|räkna med det i budgeten/u);
  });
});
