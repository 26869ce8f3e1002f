import { describe, expect, it } from "vitest";
import { assembleSuggestions, prepareAdvice } from "#app/server/advice/advise.server";
import { otherVariantsFloor, pickDiverse } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS as A } from "#app/server/cars/ownership-cost.server";

/** The other-variants line ("Även … klarar dina krav" and its siblings): never a generation older than the buyer's year limit or than the list itself. */

function list(description: string, maxPrice = 300_000) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: A });
  if (prepared.status !== "ready") throw new Error(prepared.status);
  const peers = pickDiverse(prepared.prepared.candidates, 10);
  const picks = peers.map((c) => ({ variantId: c.variant.id, overall: c.overall, texts: writeLocally(c, prepared.prepared.requirements, peers) }));
  const cards = assembleSuggestions(prepared.prepared, picks, 10);
  const oldestInList = Math.min(...peers.map((c) => c.window.yearFrom));
  return { cards, oldestInList, peers, req: prepared.prepared.requirements };
}

/** The last year of each other variant the line names: "(2005–2007)" → 2007, "(2019)" → 2019. */
function namedYears(text: string): number[] {
  const line = /klarar även (.*?) dina krav|Även (.*?) klarar dina krav|finns också som (.*?), och de/u.exec(text)?.slice(1).find(Boolean) ?? "";
  return [...line.matchAll(/\((?:\d{4}–)?(\d{4})\)/gu)].map((match) => Number(match[1]));
}

describe("other variants of a model", () => {
  it("respect a soft year limit: nothing named ends before 2018 for a buyer who would rather not go older", () => {
    const soft = list("kombi med automat, helst inte äldre än 2018");
    const years = soft.cards.flatMap((card) => namedYears(card.deepDiveAnalysis));
    expect(years.length).toBeGreaterThan(0);
    for (const year of years) expect(year).toBeGreaterThanOrEqual(2018);
    // Without the limit the floor is the list's own oldest year, before 2018 for this list.
    const open = list("kombi med automat");
    expect(open.oldestInList).toBeLessThan(2018);
    expect(otherVariantsFloor({ hard: { ...open.req.hard }, preferredMinModelYear: undefined }, open.peers)).toBe(open.oldestInList);
    expect(otherVariantsFloor({ hard: open.req.hard, preferredMinModelYear: 2018 }, open.peers)).toBe(2018);
    expect(otherVariantsFloor({ hard: { ...open.req.hard, minModelYear: 2019 }, preferredMinModelYear: 2018 }, open.peers)).toBe(2019);
  });

  it("never reach further back than the list's own oldest year", () => {
    for (const wish of ["kombi med automat", "hatar pekskärmar, automat o kombi, kör mest motorväg", "första bilen, billig försäkring"]) {
      const { cards, oldestInList } = list(wish, wish.startsWith("första") ? 60_000 : 300_000);
      for (const card of cards)
        for (const year of namedYears(card.deepDiveAnalysis)) expect(year, `${wish}: ${card.carName}`).toBeGreaterThanOrEqual(oldestInList);
    }
  });
});
