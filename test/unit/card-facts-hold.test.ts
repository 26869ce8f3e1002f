import { describe, expect, it } from "vitest";
import { windowPowerHp } from "#app/server/advice/fact-check/card-facts.server";
import { knownNcap, ncapText } from "#app/server/advice/facts-text.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { flawText } from "#app/server/cars/variant.server";
import { starsWord } from "#app/lib/format";

// Facts the eighth blind review checked against Euro NCAP and the makers: each fixed in the catalogue with its source.

const variant = (id: string) => {
  const found = getVariant(id);
  if (!found) throw new Error(`no variant ${id}`);
  return found;
};

describe("the catalogue's facts hold for the card's years", () => {
  it("gives Yaris II its five stars from 2005", () => {
    expect(variant("toyota-yaris-ii-1-0").ncap).toEqual({ stars: 5, year: 2005 });
  });

  it("calls the Corolla 1.8's hybrid system the fourth generation before 2023", () => {
    const notes = variant("toyota-corolla-xii-1-8-hybrid").reliabilityNotes.join(" ");
    expect(notes).not.toMatch(/Den femte generationens hybridsystem i Corolla 1\.8/u);
    expect(notes).toMatch(/fjärde generationen/u);
  });

  it("gives the i40 1.7 CRDi 141 hk after the 2015 facelift and 136 hk before", () => {
    const i40 = variant("hyundai-i40-1-7-crdi");
    expect(windowPowerHp(i40, { yearFrom: 2017, yearTo: 2019 })).toBe(141);
    expect(windowPowerHp(i40, { yearFrom: 2011, yearTo: 2013 })).toBe(136);
    expect(i40.knownFlaws.map(flawText).join(" ")).toMatch(/141 hk/u);
  });

  it("never states an unchecked Euro NCAP result as a fact, and states a checked one", () => {
    const rexton = variant("ssangyong-rexton-y400-2-2-e-xdi");
    expect(knownNcap(rexton)).toBeUndefined();
    expect(ncapText(rexton)).not.toMatch(/stjärn/u);
    expect(ncapText(variant("toyota-corolla-xii-1-8-hybrid"))).toMatch(/5 av 5 stjärnor/u);
  });

  it("says one star in the singular", () => {
    expect(`1 ${starsWord(1)}`).toBe("1 stjärna");
    expect(`4 ${starsWord(4)}`).toBe("4 stjärnor");
  });
});
