import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate, Ratings } from "#app/server/advice/candidates.server";
import type { CarTexts } from "#app/server/advice/contracts.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { checkList } from "#app/server/advice/fact-check/list-rules.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// The ninth review's Euro NCAP class: a stated result is never read as missing, a missing one never as low,
// and "nyast" or "äldre" hold against the list's own stars and years.

const prepared = (() => {
  const result = prepareAdvice(
    { description: "Säker och trygg bil till familjen, automat, kör 1 200 mil om året.", maxPrice: 200_000, carType: "alla", sellerType: "alla" },
    10,
    { assumptions: DEFAULT_COST_ASSUMPTIONS },
  );
  if (result.status !== "ready") throw new Error(result.status);
  return result.prepared;
})();
const list = prepared.candidates.slice(0, 10);
const req = prepared.requirements;
const withNcap = (c: Candidate, ncap: Candidate["variant"]["ncap"], unverified: boolean): Candidate =>
  ({
    ...c,
    variant: {
      ...c.variant,
      ncap,
      unverified: unverified ? [...(c.variant.unverified ?? []), "ncap"] : (c.variant.unverified ?? []).filter((f) => f !== "ncap"),
    },
  }) as Candidate;
const texts = (part: Partial<CarTexts>): CarTexts => ({ tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: [], cons: [], ...part });
const ratings: Ratings = { comfort: 70, performance: 70, security: 70, reliability: 70, economy: 70 };

describe("a stated Euro NCAP result is never called missing", () => {
  const sentence = "Jazz 1.4 i-VTEC har inget kontrollerat Euro NCAP-resultat, så läs på om vilka säkerhetssystem bilen har.";
  it("the checker catches it when the fact box shows stars, and lets it pass when there is no result", () => {
    const shown = withNcap(list[0]!, { stars: 4, year: 2008 }, true);
    expect(checkSentence(sentence, cardFacts(shown, req))?.rule).toBe("missing-fact");
    const none = withNcap(list[0]!, null, false);
    expect(checkSentence(sentence.replace("kontrollerat ", ""), cardFacts(none, req))).toBeNull();
  });

  it("the writer says an unchecked result is unchecked, once on the card", () => {
    const shown = withNcap(list[0]!, { stars: 4, year: 2008 }, true);
    const card = writeLocally(shown, req, [shown, ...list.slice(1)]);
    const all = [card.tagline, card.whyItFits, card.deepDive, card.commonFlaws, ...card.pros, ...card.cons].join(" ");
    expect(all).not.toMatch(/inget (kontrollerat )?Euro NCAP-resultat/u);
    expect(
      all.match(/(Euro NCAP-resultatet för .*? har vi inte kunnat kontrollera|kontrollera stjärnorna i faktarutan|är inte kontrollerade mot Euro NCAP)/gu) ??
        [],
    ).toHaveLength(1);
  });

  it("a pre-2015 five-star test does not meet a safety wish", () => {
    const old = withNcap(list[0]!, { stars: 5, year: 2011 }, false);
    const card = writeLocally(old, req, [old, ...list.slice(1)]);
    expect(card.whyItFits).not.toMatch(/uppfyller[^.]*säkerhet \(5 stjärnor/u);
  });
});

describe('"nyast" and "äldre test" hold against the list', () => {
  const card = (name: string, stars: number, year: number, sentence = `${name} är bra.`) => ({
    name,
    ratings,
    ncapStars: stars,
    ncapYear: year,
    texts: texts({ whyItFits: sentence, cons: [] }),
  });
  it("catches the newest test as a reason when another car has more stars", () => {
    const e2008 = card("e-2008", 4, 2019, "Peugeot 2008 e-2008 50 kWh har nyast Euro NCAP-resultat bland förslagen: 4 stjärnor 2019.");
    expect(checkList([e2008, card("Kamiq", 5, 2019), card("Jazz", 5, 2015)]).map((f) => f.car)).toContain("e-2008");
    expect(checkList([e2008, card("Kamiq", 4, 2017), card("Jazz", 4, 2015)])).toEqual([]);
  });

  it('catches "ett äldre test än flera" on a test newer than most', () => {
    const sentence = "Euro NCAP gav E 220 d 5 av 5 stjärnor i testet 2016, ett äldre test än flera av de andra förslagens.";
    const e = { ...card("E", 5, 2016), texts: texts({ cons: [sentence] }) };
    const older = [card("XC90", 5, 2015), card("Sharan", 5, 2010), card("Verso", 5, 2009), card("Kodiaq", 5, 2017)];
    expect(checkList([e, ...older]).map((f) => f.car)).toContain("E");
    const newer = [card("A", 5, 2019), card("B", 5, 2018), card("C", 5, 2017), card("D", 5, 2010)];
    expect(checkList([e, ...newer])).toEqual([]);
  });

  it("the writer never calls the lowest-starred car's test the newest, nor a newer-than-most test older", () => {
    const cards = list.map((c) => ({
      name: c.variant.id,
      ratings: c.ratings,
      ncapYear: c.variant.ncap?.year,
      ncapStars: c.variant.ncap?.stars,
      texts: writeLocally(c, req, list),
    }));
    expect(checkList(cards).filter((f) => /Euro NCAP/u.test(f.why))).toEqual([]);
  });
});
