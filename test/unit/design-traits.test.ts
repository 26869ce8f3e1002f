import { describe, expect, it } from "vitest";
import { isDesignTrait } from "#app/server/advice/design-traits.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";

// "Vanliga fel" holds faults; how a car is built is said in the analysis, and only when it bears on the buyer.

describe("a design trait is not a common fault", () => {
  it("knows the traits a reviewer found filed as faults", () => {
    for (const trait of [
      "Tredje radens två säten i Touran II är trånga och passar främst barn.",
      "Tredje raden i Verso är liten och passar bara barn.",
      "Litet bagage på 380 liter för en SUV.",
      "Swift IV fick bara tre stjärnor i Euro NCAP 2017 utan säkerhetspaketet.",
      "Hårda plaster och ett trångt baksäte i Vitara; ingen bil för långa familjeresor.",
      "Dolphin 60,4 kWh saknar dragkroksgodkännande och begagnatpriserna har fallit snabbt.",
      "Räckvidden på runt 17 mil är kort för priset, och Honda e är svår att använda som enda bil på landsbygden.",
      "A-Klass W176 har hård fjädring, särskilt med AMG Line och sportchassi.",
    ])
      expect(isDesignTrait(trait), trait).toBe(true);
  });

  it("keeps what wears, breaks or fails as a fault", () => {
    for (const fault of [
      "Den sexväxlade M40-lådan i Ducato kan få lagerljud och slitna synkroniseringar vid höga miltal.",
      "AdBlue-pumpen i Grand C4 Picasso BlueHDi kan sluta fungera och ge varning om startspärr.",
      "Bladfjädrar och bussningar i bakvagnen på L200 slits vid tung last och ger stötig gång.",
      "FB20-boxern i Forester IV kan dra olja.",
    ])
      expect(isDesignTrait(fault), fault).toBe(false);
  });

  it("a card's common faults hold no trait, and a third row is said only to a buyer who needs the seats", () => {
    const cards = (description: string) => {
      const prepared = prepareAdvice({ description, maxPrice: 200_000, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
      if (prepared.status !== "ready") throw new Error(prepared.status);
      const { candidates, requirements } = prepared.prepared;
      return candidates.map((c) => writeLocally(c, requirements, candidates));
    };
    const family = cards("vi behöver 7 platser, två vuxna och tre barn, helst automat");
    expect(family.flatMap((texts) => texts.commonFlaws.split(/(?<=\.)\s+/u)).filter(isDesignTrait)).toEqual([]);
    expect(family.some((texts) => /tredje rad/iu.test(texts.deepDive))).toBe(true);
    const senior = cards("liten bil med hög sittposition, lätt att kliva i, automat, kör till affären");
    expect(senior.flatMap((texts) => [texts.commonFlaws, texts.deepDive]).join(" ")).not.toMatch(/tredje rad/iu);
  });
});

describe("a note about a situation the reading does not hold", () => {
  const cards = (description: string, maxPrice: number) => {
    const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const { candidates, requirements } = prepared.prepared;
    return candidates.map((c) => writeLocally(c, requirements, candidates));
  };
  const all = (texts: ReturnType<typeof cards>) =>
    texts.map((t) => [t.tagline, t.whyItFits, t.deepDive, t.commonFlaws, ...t.pros, ...t.cons].join(" ")).join(" ");

  it("gives no child-seat headline to an 83-year-old, and no towing remark to a kayaker", () => {
    const senior = all(cards("min mamma e 83 o har ont i höften, hon behöver en bil som e lätt att kliva in i, hög sittposition, automat o bra sikt", 90_000));
    expect(senior).not.toMatch(/barnstol|babyskydd|tredje rad/iu);
    const kayak = all(cards("paddlar havskajak, kajaken ska på taket. vill ha elbil, laddar hemma i villan, kör ca 1500 mil/år", 220_000));
    expect(kayak).not.toMatch(/dragkrok|dragvikt|släp/iu);
  });

  it("keeps them for the buyer they are about", () => {
    expect(all(cards("vi har tre barn i bilbarnstolar och behöver 7 platser ibland", 180_000))).toMatch(/barnstol|tredje rad/iu);
    expect(all(cards("ska dra husvagn på 1500 kg, kombi", 200_000))).toMatch(/dragvikt|släp/iu);
  });
});
