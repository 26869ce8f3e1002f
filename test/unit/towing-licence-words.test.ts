import { describe, expect, it } from "vitest";
import { towingLicenceNote } from "#app/server/cars/towing-licence.server";

/** The licence rule is the car's totalvikt plus the trailer's totalvikt; a tjänstevikt is only ever a lower bound of it, said as such. */

const plain = (text: string) => text.replace(/\s/gu, " ");

describe("the towing licence note's words", () => {
  it("states the rule with both totalvikter and says we do not have the car's, before using tjänstevikt as a bound", () => {
    for (const [curb, trailer] of [
      [2050, 1500],
      [2300, 2000],
      [1500, 1200],
    ] as const) {
      const text = plain(towingLicenceNote({ curbWeightKg: curb, towingKg: 2500 }, trailer).text);
      expect(text, `${curb}+${trailer}`).toContain("bilens totalvikt plus släpets totalvikt");
      expect(text, `${curb}+${trailer}`).toContain("Vi har inte bilens totalvikt");
      // Never the tjänstevikt as if the rule were written for it.
      expect(text, `${curb}+${trailer}`).not.toMatch(/\(bilens tjänstevikt [\d ]+ kg plus släpet är över/u);
    }
  });

  it("a tjänstevikt that already rules B out is said to be below the totalvikt", () => {
    const text = plain(towingLicenceNote({ curbWeightKg: 2050, towingKg: 2500 }, 1500).text);
    expect(text).toMatch(/redan tjänstevikten, 2 050 kg, som är lägre än totalvikten, plus släpet är över 3 500 kg/u);
    expect(text).toContain("B96 räcker om bilens totalvikt är högst 2 750 kg, annars krävs BE");
  });

  it("a light trailer needs only B and no word on totalvikt", () => {
    const text = plain(towingLicenceNote({ curbWeightKg: 2050, towingKg: 2500 }, 700).text);
    expect(text).toContain("B-körkort");
    expect(text).not.toContain("Vi har inte bilens totalvikt");
  });
});
