import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { sentences } from "#app/server/advice/sentences.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// Two of the five wishes a second helper read (2026-11-28), quoted as written: the cards name the wish as the reading
// shows it and never praise a figure the same card warns about.

function cards(description: string, maxPrice: number) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (prepared.status !== "ready") throw new Error(prepared.status);
  const peers = pickDiverse(prepared.prepared.candidates, 10);
  return peers.map((peer) => ({ id: peer.variant.id, texts: writeLocally(peer, prepared.prepared.requirements, peers) }));
}

const BOLT =
  "kör bolt heltid i göteborg, ca 6000 mil om året. vill ha nåt snålt o tåligt, gärna hybrid, bekvämt baksäte för kunderna. pallar inte me massa pekskärmar vill ha riktiga knappar för klimat. max 170000";
const CHAIN =
  "förra bilen var en passat 1.4 tsi där kamkedjan sträckte sig o motorn rasa, kostade mej skjortan. nu har ja max 45 lappar. vill ha nåt enkelt o pålitligt som inte har kamkedjestrul, helst inte turbo. kör ca 1000 mil om året";

describe("the wish as the buyer made it", () => {
  it("a buyer who asked for low consumption reads 'låg förbrukning', and the thriftiest hybrid is not marked down against electric cars", () => {
    const list = cards(BOLT, 170_000);
    const all = list.flatMap((card) => [card.texts.whyItFits, ...card.texts.cons].flatMap(sentences));
    expect(all.filter((sentence) => /driftskostnad/u.test(sentence))).toEqual([]);
    const prius = list.find((card) => card.id.startsWith("toyota-prius"));
    expect(prius, "the Prius is in the list").toBeDefined();
    expect(prius!.texts.cons.filter((con) => /förbrukning[^.]*bara delvis/u.test(con))).toEqual([]);
  });

  it("no card says a reliability it warns about meets the wish", () => {
    for (const card of cards(CHAIN, 45_000)) {
      const met = sentences(card.texts.whyItFits).find(
        (sentence) => /(pålitlighet|driftsäkerhet) \((\d+) av 100/u.test(sentence) && /uppfyller/u.test(sentence),
      );
      if (!met) continue;
      const figure = /\((\d+) av 100/u.exec(met)![1]!;
      expect(Number(figure), met).toBeGreaterThanOrEqual(65);
      expect(
        card.texts.cons.filter((con) => con.includes(`${figure} av 100`) && /driftsäker/u.test(con)),
        met,
      ).toEqual([]);
    }
  });
});
