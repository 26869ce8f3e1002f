import { describe, expect, it } from "vitest";
import { assembleSuggestions, prepareAdvice } from "#app/server/advice/advise.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { checkCard, checkSentence } from "#app/server/advice/fact-check/check-card.server";
import { RULE_FUNCTIONS } from "#app/server/advice/fact-check/rules.server";
import { localAdviceEngine } from "#app/server/advice/local-engine.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { sentences } from "#app/server/advice/sentences.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { flawText } from "#app/server/cars/variant.server";
import { calculateVehicleTax, malusEndsAt } from "#app/server/cars/vehicle-tax.server";
import type { SearchInput } from "#app/lib/search-form";

const config = { assumptions: DEFAULT_COST_ASSUMPTIONS };

/** The prepared advice for a wish, and the candidate of one variant in it. */
function advice(description: string, maxPrice: number, carType: SearchInput["carType"] = "alla") {
  const prepared = prepareAdvice({ description, maxPrice, carType, sellerType: "alla" }, 10, config);
  if (prepared.status !== "ready") throw new Error(`not ready: ${prepared.status}`);
  return prepared.prepared;
}

const candidateOf = (candidates: readonly Candidate[], id: string) => {
  const found = candidates.find((candidate) => candidate.variant.id === id);
  if (!found) throw new Error(`no candidate ${id}`);
  return found;
};

const allText = (texts: { tagline: string; whyItFits: string; deepDive: string; commonFlaws: string; pros: readonly string[]; cons: readonly string[] }) =>
  [texts.tagline, texts.whyItFits, texts.deepDive, texts.commonFlaws, ...texts.pros, ...texts.cons].join(" ");

const CAB = "rolig cabriolet för sommaren, max 250 000 kr, manuell";
const MX5 = "mazda-mx-5-nd-2-0";

describe("Swedish units and words, not English plurals or stored codes", () => {
  const prepared = advice(CAB, 250_000);
  const facts = cardFacts(candidateOf(prepared.candidates, MX5), prepared.requirements);

  it("the checker mends '130 liters bagage' and 'drivmedlet (el)', and leaves '2,0-liters motor' alone", () => {
    const plural = RULE_FUNCTIONS.language("MX-5 har 130 liters bagage.", facts);
    expect(plural).toMatchObject({ rule: "language", rewrite: "MX-5 har 130 liter bagage." });
    expect(RULE_FUNCTIONS.language("Med 1 500 mil per år kostar drivmedlet (el) cirka 4 000 kr.", facts)?.rewrite).toBe(
      "Med 1 500 mil per år kostar elen cirka 4 000 kr.",
    );
    expect(RULE_FUNCTIONS.language("Släpet väger 750 kilos.", facts)?.rule).toBe("language");
    expect(RULE_FUNCTIONS.language("MX-5 NC med 2,0-litersmotorn är pålitlig, liksom en 2,0-liters turbomotor.", facts)).toBeNull();
    const card = checkCard({ tagline: "", whyItFits: "", deepDive: "", commonFlaws: "", pros: ["Bagaget rymmer 130 liters bagage."], cons: [] }, facts);
    expect(card.texts.pros).toEqual(["Bagaget rymmer 130 liter bagage."]);
  });

  it("no catalogue text carries an English plural", () => {
    const slips = CATALOGUE.flatMap((variant) =>
      [...variant.strengths, ...variant.reliabilityNotes, ...variant.knownFlaws.map(flawText)]
        .filter((text) => RULE_FUNCTIONS.language(text, facts) !== null)
        .map((text) => `${variant.id}: ${text}`),
    );
    expect(slips).toEqual([]);
  });

  it("the local writer says 'liter bagage' and 'elen', never 'liters'", () => {
    const family = advice("Familjebil med barn, stort bagage, bor i Uppsala.", 300_000, "kombi");
    const ev = advice("Elbil till pendlingen, 3 mil om dagen.", 300_000);
    const texts = [...family.candidates.slice(0, 5), ...ev.candidates.slice(0, 5)].map((candidate) => allText(writeLocally(candidate, family.requirements)));
    expect(texts.join(" ")).not.toMatch(/\d\s*liters(?!\p{L})|drivmedlet \(/u);
    const evCard = writeLocally(
      ev.candidates.find((candidate) => candidate.variant.fuel === "el")!,
      ev.requirements,
    );
    if (/kostar (elen|drivmedlet) för/.test(evCard.deepDive)) expect(evCard.deepDive).toContain("kostar elen för");
  });
});

describe("every card has a true pro", () => {
  it("the MX-5 on a cabriolet card keeps a pro when its only other strength speaks of the coupé", async () => {
    const prepared = advice(CAB, 250_000);
    const mx5 = candidateOf(prepared.candidates, MX5);
    const facts = cardFacts(mx5, prepared.requirements);
    const written = writeLocally(mx5, prepared.requirements, prepared.candidates.slice(0, 10));
    expect(written.pros.length).toBeGreaterThan(0);
    for (const pro of written.pros) expect(checkSentence(pro, facts), pro).toBeNull();
    const picks = await localAdviceEngine.advise({ requirements: prepared.requirements, candidates: prepared.candidates, count: 10, sellerType: "alla" });
    for (const car of assembleSuggestions(prepared, picks, 10)) expect(car.pros.length, car.carName).toBeGreaterThan(0);
  });
});

describe("the requirement sentence cites the fact of each requirement", () => {
  it("a cabriolet requirement is met by 'cabriolet', not by the boot", () => {
    const prepared = advice(CAB, 250_000);
    const written = writeLocally(candidateOf(prepared.candidates, MX5), prepared.requirements, prepared.candidates.slice(0, 10));
    const requirementSentence = sentences(written.whyItFits).find((sentence) => sentence.startsWith("Dina krav stämmer in på"));
    expect(requirementSentence).toBeDefined();
    expect(requirementSentence).toContain("cabriolet");
    expect(requirementSentence).toContain("manuell växellåda");
    expect(requirementSentence).not.toMatch(/bagage|liter/);
  });
});

describe("malus sentences true for every advised year", () => {
  it("malus ends 36 months after the car first became taxable", () => {
    expect(malusEndsAt({ year: 2024, month: 3 })).toEqual({ year: 2027, month: 3 });
    expect(malusEndsAt({ year: 2024, month: 12 })).toEqual({ year: 2027, month: 12 });
    const taxed = (year: number, month: number) =>
      calculateVehicleTax({ fuel: "bensin", co2GPerKm: 156, fordonsar: 2024, firstTaxable: { year: 2024, month: 3 }, taxedAt: { year, month } }).malus;
    expect(taxed(2027, 2)).toBe(true);
    expect(taxed(2027, 3)).toBe(false);
  });

  it("a 2022–2024 MX-5 says which years still pay malus, until when, and that 2022 has passed it", () => {
    const prepared = advice("rolig cabriolet för sommaren, manuell", 350_000);
    const mx5 = candidateOf(prepared.candidates, MX5);
    expect([mx5.window.yearFrom, mx5.window.yearTo]).toEqual([2022, 2024]);
    const written = writeLocally(mx5, prepared.requirements, prepared.candidates.slice(0, 10));
    const malus = sentences(allText(written)).filter((sentence) => /malus/i.test(sentence));
    expect(malus.length).toBeGreaterThan(0);
    // No sentence puts the malus on the whole range or on 2022.
    for (const sentence of malus) {
      expect(sentence).not.toMatch(/de första tre åren: [\d ]+ kr|2022–2024/);
      if (sentence.includes("2022")) expect(sentence).toContain("passerat malusåren");
    }
    const deep = sentences(written.deepDive);
    expect(deep.find((sentence) => sentence.includes("årsmodell 2024") && /malus/i.test(sentence))).toContain("till och med 2027");
    expect(deep.find((sentence) => sentence.startsWith("Årsmodell 2022"))).toMatch(/har passerat malusåren och betalar 1\s350\skr per år/);
  });
});

describe("a warm car for a cold place", () => {
  it("'bra värme' and 'varm bil' are a winter need a parking heater answers; 'kallt klimat' is weather, not the environment", () => {
    for (const wish of ["Bra värme, bor i Kiruna.", "Vill ha en varm bil, vi har kallt klimat här."]) {
      const { requirements } = advice(wish, 300_000);
      expect(requirements.usage.winterNeeds, wish).toBe(true);
      expect(requirements.wishes.parkingHeater ?? 0, wish).toBeGreaterThan(0);
      expect(requirements.wishes.environment ?? 0, wish).toBe(0);
    }
  });

  it("no pickup tops a warm-car wish unless the buyer asked for one; one who asks still gets pickups", () => {
    for (const [wish, price] of [
      ["Bra värme, bor i Kiruna.", 300_000],
      ["Kallt här i Kiruna, vill ha bra värme och hög markfrigång.", 250_000],
    ] as const) {
      const top = advice(wish, price).candidates.slice(0, 10);
      expect(
        top.filter((candidate) => candidate.window.body.type === "pickup").map((candidate) => candidate.variant.id),
        wish,
      ).toEqual([]);
      expect(top[0]!.wishFit.parkingHeater ?? 0, wish).toBeGreaterThanOrEqual(70);
    }
    // Winter and ground clearance alone: a low-geared pickup scores highest on the facts, and still
    // does not lead a list the buyer asked no pickup for.
    const clearance = advice("Bor i Kiruna, vill ha hög markfrigång.", 250_000).candidates.slice(0, 10);
    expect(clearance.filter((candidate) => candidate.window.body.type === "pickup").map((candidate) => candidate.variant.id)).toEqual([]);
    const asked = advice("Kallt här i Kiruna, vill ha bra värme och hög markfrigång.", 250_000, "pickup").candidates;
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]!.window.body.type).toBe("pickup");
    const named = advice("Pickup med bra värme till Kiruna.", 400_000).candidates;
    expect(named[0]!.window.body.type).toBe("pickup");
  });
});
