import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
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
    expect(firstCard("Familjebil med stort bagage.").texts.deepDive).not.toMatch(/taxi/);
  });

  it("a new driver reads how the insurance depends on age", () => {
    const { texts } = firstCard("Första bilen, har precis tagit körkort. Billig och säker.", 80_000);
    expect(texts.deepDive).toMatch(/Som ny förare/);
  });
});
