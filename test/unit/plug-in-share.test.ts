import { describe, expect, it } from "vitest";
import type { Usage } from "#app/lib/requirements";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { DEFAULT_COST_ASSUMPTIONS as A, electricShare, energyCostPerMil } from "#app/server/cars/ownership-cost.server";
import { testVariant } from "#test/fixtures/variant";

/** A plug-in hybrid's electric share follows how the buyer drives and charges, not the catalogue's blended figure alone. */

const plain = (text: string) => text.replace(/\s/gu, " ");
const usage: Usage = { milPerYear: 1500, milPerYearStated: true, northern: false, winterNeeds: false };
// 2 l and 10 kWh per 100 km blended, 50 km on a 12 kWh battery: about 42 % electric in the catalogue's blend.
const phev = testVariant({ fuel: "laddhybrid", combustionFuel: "bensin", consumption: { litresPer100Km: 2, kwhPer100Km: 10 }, batteryKwh: 12, rangeKm: 50 });

function cards(description: string, maxPrice = 350_000) {
  const prepared = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: A });
  if (prepared.status !== "ready") throw new Error(prepared.status);
  const peers = pickDiverse(prepared.prepared.candidates, 10);
  return peers.map((c) => ({
    c,
    text: plain(
      Object.values(writeLocally(c, prepared.prepared.requirements, peers))
        .flat()
        .join(" "),
    ),
  }));
}

const plugIns = (list: ReturnType<typeof cards>) => list.filter(({ c }) => c.variant.fuel === "laddhybrid");

describe("a plug-in hybrid's electric share", () => {
  it("keeps the catalogue's share for a buyer who charges at home on ordinary days", () => {
    const share = electricShare(phev, usage)!;
    expect(share.share).toBeCloseTo(share.catalogueShare);
    expect(share.reason).toBeNull();
  });

  it("falls to 10 % without charging at home, 15 % for long motorway driving or a heavy trailer, and stays for a light trailer", () => {
    expect(electricShare(phev, usage, { homeCharging: false })).toMatchObject({ share: A.plugInShareWithoutHomeCharging, reason: "no-home-charging" });
    expect(electricShare(phev, usage, { longDistance: true })).toMatchObject({ share: A.plugInShareLongDriving, reason: "long-distance" });
    expect(electricShare(phev, usage, { towingKg: 1500 })).toMatchObject({ share: A.plugInShareLongDriving, reason: "towing" });
    expect(electricShare(phev, usage, { towingKg: 500 })?.reason).toBeNull();
    expect(A.plugInShareWithoutHomeCharging).toBe(0.1);
    expect(A.plugInShareLongDriving).toBe(0.15);
  });

  it("costs the energy at that share: without home charging, 90 % of the mil on petrol and the rest at the public price", () => {
    const share = electricShare(phev, usage)!;
    const litresOnFuel = 0.2 / (1 - share.catalogueShare);
    const kwhOnElectricity = 1 / share.catalogueShare;
    expect(energyCostPerMil(phev, usage, A, { homeCharging: false })).toBeCloseTo(0.9 * litresOnFuel * 16 + 0.1 * kwhOnElectricity * 5);
    expect(energyCostPerMil(phev, usage, A, { homeCharging: false })).toBeGreaterThan(energyCostPerMil(phev, usage, A));
  });

  it("a motorway driver's plug-in card says 15 %, not the catalogue's 40–55 %", () => {
    const list = plugIns(cards("vill ha en laddhybrid kombi med automat, kör mest motorväg göteborg-stockholm"));
    expect(list.length).toBeGreaterThan(0);
    for (const { text } of list) {
      expect(text).toMatch(/ungefär 15 % av milen går på el/u);
      expect(text).not.toMatch(/ungefär (?:[2-9]\d) % av milen går på el/u);
    }
    const commuter = plugIns(cards("vill ha en laddhybrid kombi med automat, pendlar 2 mil om dagen"));
    expect(commuter.some(({ text }) => /ungefär (?:[3-9]\d) % av milen går på el/u.test(text))).toBe(true);
  });

  it("a caravan buyer's plug-in card says 15 % and why", () => {
    const list = plugIns(cards("laddhybrid suv, ska dra husvagn 1500 kg till fjällen"));
    expect(list.length).toBeGreaterThan(0);
    for (const { text } of list) expect(text).toMatch(/Med släp .*ungefär 15 % av milen går på el/u);
  });

  it("a buyer who cannot charge at home is never told that public charging is how a plug-in is charged", () => {
    const list = plugIns(cards("laddhybrid kombi, kan inte ladda hemma bor i lägenhet"));
    expect(list.length).toBeGreaterThan(0);
    for (const { text } of list) {
      expect(text).not.toMatch(/Utan laddplats hemma laddar du/u);
      expect(text).toMatch(/ungefär 10 % av milen går på el/u);
    }
  });

  it("an electric car's days on one charge use the winter range for a winter driver", () => {
    const winter = cards("första bilen, elbil, ska pendla 3 mil t jobbet i vinter", 120_000).filter(({ c }) => c.variant.fuel === "el");
    const summer = cards("första bilen, elbil, ska pendla 3 mil t jobbet", 120_000).filter(({ c }) => c.variant.fuel === "el");
    expect(winter.length).toBeGreaterThan(0);
    const days = (text: string) => Number(/räcker en full laddning av .*? i ungefär (\d+) dagar/u.exec(text)?.[1] ?? 0);
    for (const { c, text } of winter) {
      const said = days(text);
      if (said === 0) continue;
      // Winter range (mil) × 0.85 over 2.6 mil a day (1 380 mil on 230 working days … as the reader counts them).
      expect(text, c.variant.id).toMatch(/vintertid/u);
    }
    expect(summer.some(({ text }) => days(text) >= 2 && !/vintertid/u.test(text))).toBe(true);
    // The same car on both lists: the winter driver's days are fewer.
    for (const { c, text } of winter) {
      const same = summer.find((entry) => entry.c.variant.id === c.variant.id);
      if (same && days(same.text) > 0) expect(days(text), c.variant.id).toBeLessThan(days(same.text));
    }
  });
});
