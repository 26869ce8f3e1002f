import { describe, expect, it } from "vitest";
import { assembleSuggestions, prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

function firstCard(description: string, maxPrice = 200_000) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(prepared.status);
  const peers = pickDiverse(prepared.prepared.candidates, 10);
  return { texts: writeLocally(peers[0]!, prepared.prepared.requirements, peers), req: prepared.prepared.requirements };
}

describe("notes the buyer needs", () => {
  it("a ride-hailing driver reads about the taxi licence and the taxi-registered car", () => {
    const { texts, req } = firstCard("Ska köra Uber på heltid, behöver plats för tre i baksätet.");
    expect(req.situation.taxi).toBe(true);
    expect(texts.deepDive).toMatch(/taxiförarlegitimation/);
    expect(texts.deepDive).toMatch(/registrerad för taxitrafik/);
    // Someone must hold the taxi licence for the business, and the costs on the card are private insurance.
    expect(texts.deepDive).toMatch(/taxitrafiktillstånd/);
    expect(texts.deepDive).toMatch(/försäkring för taxitrafik är dyrare än den privata försäkringen/);
    expect(firstCard("Familjebil med stort bagage.").texts.deepDive).not.toMatch(/taxi/);
  });

  it("a new driver reads how the insurance depends on age", () => {
    const { texts } = firstCard("Första bilen, har precis tagit körkort. Billig och säker.", 80_000);
    expect(texts.deepDive).toMatch(/Som ny förare/);
    expect(firstCard("Familjebil med stort bagage.").texts.deepDive).not.toMatch(/ny förare/u);
  });

  it("a new driver of 25 or more is not promised the price of an experienced driver", () => {
    const young = firstCard("Jag är 19 år, har precis tagit körkort. Billig och säker.", 80_000);
    expect(young.req.usage.driverAge).toBe(19);
    expect([young.texts.deepDive, ...young.texts.cons].join(" ")).toMatch(/Som ny förare på 19 år räknar vi med cirka .*uppskattning/);
    const older = firstCard("Jag är 40 år och har precis tagit körkort. Billig och säker.", 80_000);
    expect(older.req.usage.driverAge).toBe(40);
    expect(older.texts.deepDive).toMatch(/Som ny förare på 40 år räknar vi med cirka .*de första åren med körkort/);
  });

  it("the notes reach the card whatever engine wrote it, once", () => {
    const prepared = prepareAdvice(
      { description: "Ska köra Uber på heltid, behöver plats för tre i baksätet.", maxPrice: 200_000, carType: "alla", sellerType: "alla" },
      10,
      { assumptions: DEFAULT_COST_ASSUMPTIONS },
    );
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const [first] = pickDiverse(prepared.prepared.candidates, 10);
    // A model's card that says nothing of taxi rules.
    const written = {
      tagline: "En rymlig bil.",
      whyItFits: "Den har plats för tre bak.",
      deepDive: "En rymlig bil för jobbet.",
      commonFlaws: "Kolla servicen.",
      pros: ["Rymlig."],
      cons: ["Inget särskilt."],
    };
    const [card] = assembleSuggestions(prepared.prepared, [{ variantId: first!.variant.id, overall: first!.overall, texts: written }], 10);
    expect(card!.deepDiveAnalysis).toMatch(/taxiförarlegitimation/);
    const local = assembleSuggestions(
      prepared.prepared,
      [{ variantId: first!.variant.id, overall: first!.overall, texts: writeLocally(first!, prepared.prepared.requirements) }],
      10,
    );
    expect(local[0]!.deepDiveAnalysis.match(/taxiförarlegitimation/g)).toHaveLength(1);
  });
});
