import { describe, expect, it } from "vitest";
import { HardRequirementsSchema } from "#app/lib/requirements";
import { noStricter, TAGGER_OFF, withTagger } from "#app/server/reading/tagger.server";
import { readWish as read } from "#test/advice/read-wish";

/**
 * The development-trained tagger (approach C of decision 018) may only take a hard reading back: a
 * hedged must becomes a leaning, context stops being a requirement, a plain must stays. Each case
 * is read with the rules alone too, so the test shows what the tagger changed (the rules alone are
 * the reading before it).
 */

const rulesAlone = (wish: string) => withTagger(TAGGER_OFF, () => read(wish));

describe("a hedged must becomes soft", () => {
  it("a body that would probably do as well is no longer required: … men en högre kombi typ v90 cross country funkar nog också", () => {
    const wish = "skulle helst vilja ha en suv men en högre kombi typ v90 cross country funkar nog också. inte helt fel med lite kraft, säg 200 hk";
    expect(rulesAlone(wish).hard.bodyTypes).toEqual(["kombi"]);
    expect(read(wish).hard.bodyTypes).toEqual([]);
  });

  it("the same body said as a must stays required", () => {
    expect(read("måste vara kombi så verktygen får plats").hard.bodyTypes).toEqual(["kombi"]);
  });
});

describe("context is no requirement", () => {
  it("a father's old car's power asks for no power", () => {
    const wish = "Min pappa hade alltid Saab 9-5 med 250 hk, han var lite galen. Laddhybrid helst.";
    expect(rulesAlone(wish).hard.minPowerHp).toBe(250);
    expect(read(wish).hard.minPowerHp).toBeUndefined();
  });

  it("the same power asked for stays a minimum", () => {
    expect(read("Vill ha minst 250 hk. Laddhybrid helst.").hard.minPowerHp).toBe(250);
  });
});

describe("the tagger never makes a requirement, not even by taking a refusal back", () => {
  it("no towing weight where the towbar is refused beside a sold caravan", () => {
    const wish = "min förra passat hade 190 hästar o drog husvagnen fint, men husvagnen e såld nu så behöver ingen dragkrok. kombi med automat";
    expect(rulesAlone(wish).hard.minTowingKg).toBeUndefined();
    expect(read(wish).hard.minTowingKg).toBeUndefined();
  });

  const hard = (fields: Record<string, unknown>) => HardRequirementsSchema.parse({ maxPrice: 200_000, ...fields });

  it("keeps what is looser and takes the rules' value where the tagged reading is stricter", () => {
    const rules = hard({ bodyTypes: ["kombi"], excludedFuels: ["diesel"], minSeats: 5, maxOdometerMil: 15_000 });
    const tagged = hard({ bodyTypes: [], sizes: ["small"], excludedFuels: ["diesel", "el"], minSeats: 7, minTowingKg: 1500, awd: true, gearbox: "automat" });
    expect(noStricter(tagged, rules)).toEqual(hard({ bodyTypes: [], excludedFuels: ["diesel"], minSeats: 5 }));
  });

  it("a reading the tagger loosened everywhere is kept as it is", () => {
    const rules = hard({ bodyTypes: ["kombi"], excludedFuels: ["diesel"], minSeats: 7, awd: true, gearbox: "automat" });
    const tagged = hard({ bodyTypes: ["kombi", "suv"] });
    expect(noStricter(tagged, rules)).toEqual(tagged);
  });
});
