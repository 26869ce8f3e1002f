import { describe, expect, it } from "vitest";
import { type BuyerRequirements, BuyerRequirementsSchema, type BuyerRequirementsInput } from "#app/lib/requirements";
import { findCandidates, pickDiverse } from "#app/server/advice/candidates.server";
import { buildDetailsMessages, buildShortlistMessages, describeBuyer, repairMessage, SYSTEM_PROMPT } from "#app/server/ai/openai-prompts.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { flawsForYears } from "#app/server/cars/variant.server";

/** A buyer in Jämtland who tows a caravan: every kind of requirement the prompts must carry. */
const requirements = (overrides: Partial<BuyerRequirementsInput> = {}): BuyerRequirements =>
  BuyerRequirementsSchema.parse({
    version: 1,
    hard: { maxPrice: 300_000, bodyTypes: ["kombi", "suv"], awd: true, minTowingKg: 1_800 },
    usage: { milPerYear: 2_500, milPerYearStated: true, northern: true, winterNeeds: true, driverAge: 24 },
    wishes: { reliability: 1, space: 0.6, economy: 0.3 },
    preferredFuels: ["diesel"],
    ...overrides,
  });

const req = requirements();
const candidates = findCandidates(req, DEFAULT_COST_ASSUMPTIONS);
const sent = pickDiverse(candidates, 20);

/** The ```json block the prompt carries (the fake upstream reads the same block). */
function payload(content: unknown): Record<string, unknown> {
  const match = /```json\n([\s\S]*?)\n```/.exec(String(content));
  if (!match?.[1]) throw new Error("no json block in the prompt");
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe("the system prompt", () => {
  it("grounds the model in our candidates and facts, and keeps figures ours", () => {
    expect(SYSTEM_PROMPT).toMatch(/Föreslå bara kandidater, med exakt det id/);
    expect(SYSTEM_PROMPT).toMatch(/Hitta aldrig på utrustning, motoralternativ, fel eller siffror/);
    expect(SYSTEM_PROMPT).toMatch(/Skriv därför inga kronbelopp, årsmodeller eller miltal/);
    // No tax or fuel price rules any more: a number the model could compute is a number it could get wrong.
    expect(SYSTEM_PROMPT).not.toMatch(/\d+\s*kr/);
  });

  it("knows the Swedish used-car market: Blocket, consumer law, winter, inspection, rust", () => {
    for (const fact of [
      "Blocket",
      "konsumentköplagen",
      "köplagen",
      "vinterdäck krävs 1 december–31 mars",
      "Besiktning",
      "Transportstyrelsen",
      "Vägsalt",
      "ägarförbehåll",
    ]) {
      expect(SYSTEM_PROMPT).toContain(fact);
    }
  });
});

describe("describeBuyer", () => {
  it("states every hard requirement, the usage, the wishes by weight and the seller type in Swedish", () => {
    const text = describeBuyer(req, "privat");
    expect(text).toContain("maxpriset 300\u00a0000\u00a0kr");
    expect(text).toContain("karosstyp kombi eller SUV");
    expect(text).toContain("fyrhjulsdrift");
    expect(text).toContain("dragvikt på minst 1\u00a0800 kg");
    expect(text).toContain("kör cirka 2\u00a0500\u00a0mil per år (egen uppgift)");
    expect(text).toContain("huvudföraren är 24 år");
    expect(text).toContain("bor i norra Sverige");
    expect(text).toMatch(/Önskemål: driftsäkerhet \(viktigt\), utrymme \(önskas\), låg förbrukning \(gärna\)/);
    expect(text).toContain("Gärna men inget krav: diesel");
    expect(text).toContain("köplagen gäller");
  });

  it("says when the yearly driving is our assumption, and when there are no wishes", () => {
    const text = describeBuyer(requirements({ usage: { milPerYear: 1_500, milPerYearStated: false }, wishes: {}, preferredFuels: [] }), "alla");
    expect(text).toContain("1\u00a0500\u00a0mil per år (vårt antagande)");
    expect(text).toContain("Önskemål: inga särskilda.");
    expect(text).not.toContain("Gärna men inget krav");
  });

  it("marks an assumed towing weight as ours, not the buyer's", () => {
    const assumed = requirements({ hard: { maxPrice: 300_000, minTowingKg: 1_500 }, assumptions: [{ field: "minTowingKg", value: 1_500, quote: "husvagn" }] });
    expect(describeBuyer(assumed, "alla")).toContain('dragvikt på minst 1\u00a0500 kg (vårt antagande för "husvagn", köparen angav ingen vikt)');
    expect(describeBuyer(req, "alla")).not.toContain("vårt antagande för");
  });
});

describe("buildShortlistMessages", () => {
  const messages = buildShortlistMessages(req, "privat", sent, 10);
  const data = payload(messages[1]?.content);
  const listed = data.candidates as Record<string, unknown>[];

  it("sends exactly the candidates given, in the shared ranking, with their ids and facts", () => {
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(data.count).toBe(10);
    expect(listed.map((car) => car.id)).toEqual(sent.map((candidate) => candidate.variant.id));
    expect(String(messages[1]?.content)).toContain("välj de 10 kandidater");
    expect(String(messages[1]?.content)).toContain("id: kandidatens id, exakt som i underlaget");
  });

  it("carries each candidate's computed numbers exactly, not a paraphrase", () => {
    sent.forEach((candidate, index) => {
      const car = listed[index] ?? {};
      const v = candidate.variant;
      expect(car.towingKg).toBe(v.towingKg);
      expect(car.powerHp).toBe(v.powerHp);
      expect(car.drivetrain).toBe("fyrhjulsdrift");
      expect(car.window).toEqual({
        years: [candidate.window.yearFrom, candidate.window.yearTo],
        priceKr: [candidate.window.priceFrom, candidate.window.priceTo],
        maxMil: candidate.window.mileageTo,
      });
      expect(car.yearlyCostKr).toBe(candidate.costs.total);
      expect(car.sharedScore).toBe(candidate.overall);
      expect(car.ratings).toEqual(candidate.ratings);
      expect(car.strength).toBe(v.strengths[0]);
    });
  });

  it("hands over the requirements as data without the bookkeeping fields", () => {
    const buyer = data.buyer as Record<string, unknown>;
    expect(buyer.hard).toEqual(req.hard);
    expect(buyer.usage).toEqual(req.usage);
    expect(buyer.sellerType).toBe("privat");
    expect(buyer).not.toHaveProperty("conflicts");
    expect(buyer).not.toHaveProperty("version");
  });
});

describe("buildDetailsMessages", () => {
  const candidate = sent[0];
  if (!candidate) throw new Error("the catalogue should have candidates for this buyer");
  const messages = buildDetailsMessages(req, "handlare", candidate, { rank: 2, total: 10, tagline: "Dragbil för fjällen" });
  const data = payload(messages[1]?.content);
  const car = data.car as Record<string, unknown>;

  it("describes this variant only, with how it meets each requirement in words", () => {
    const v = candidate.variant;
    expect(car.id).toBe(v.id);
    expect(car.strengths).toEqual(v.strengths);
    expect(car.knownFlaws).toEqual(flawsForYears(v, candidate.window.yearFrom, candidate.window.yearTo));
    expect(car.reliabilityNotes).toEqual(v.reliabilityNotes);
    expect(car.meetsRequirements).toEqual(expect.arrayContaining(["fyrhjulsdrift", expect.stringMatching(/^dragvikt [\d\u00a0]+ kg/)]));
    expect(car.costsKr).toMatchObject({ insurance: candidate.costs.insurance, tax: candidate.costs.tax, fuel: candidate.costs.fuel });
    expect(data).toMatchObject({ rank: 2, total: 10, tagline: "Dragbil för fjällen" });
  });

  it("lists the wishes the car meets only partly, and asks for them in the cons", () => {
    const partly = Object.entries(candidate.wishFit).filter(([, fit]) => fit < 40).length;
    expect((car.partlyMeets as string[]).length).toBe(partly);
    expect(String(messages[1]?.content)).toMatch(/Uppfyller bilen ett önskemål bara delvis \(se "partlyMeets"\), säg det rakt ut här/);
  });

  it("asks how the car uppfyller the requirements, never how it möter them", () => {
    const prompt = String(messages[1]?.content).split("Underlag:")[0]!;
    expect(prompt).toMatch(/om hur bilen uppfyller köparens krav och önskemål/u);
    expect(prompt.replace(/skriv aldrig att den "möter" det/u, "")).not.toMatch(/(?<![\p{L}])möter(?![\p{L}])/u);
  });

  it("asks for Swedish prose within the schema's limits and forbids invented figures", () => {
    const text = String(messages[1]?.content);
    expect(text).toContain(`Bilen: ${candidate.variant.make} ${candidate.variant.model} ${candidate.variant.name}`);
    expect(text).toContain("deepDive: 100–180 ord (högst 1\u00a0500 tecken)");
    expect(text).toContain("Skriv inga kronbelopp, årsmodeller eller miltal");
    expect(text).toContain(`"${candidate.variant.model} ${candidate.variant.name}"`);
    expect(text).toContain("konsumentköplagen gäller");
  });
});

describe("repairMessage", () => {
  it("sends the issues back, bounded so a long list cannot make the repair the dearest call", () => {
    expect(repairMessage("picks: för få")).toContain("Ditt förra svar gick inte att använda: picks: för få");
    expect(repairMessage("x".repeat(10_000)).length).toBeLessThan(1_700);
  });
});
