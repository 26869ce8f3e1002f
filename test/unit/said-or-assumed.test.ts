import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReadingEditor } from "#app/components/reading-editor";
import { assumedWishes } from "#app/lib/said-wishes";
import { BuyerRequirementsSchema, type WishKey } from "#app/lib/requirements";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { pickDiverse } from "#app/server/advice/candidates.server";
import type { Candidate } from "#app/server/advice/candidates.server";
import { cardFacts } from "#app/server/advice/fact-check/card-facts.server";
import { RULE_FUNCTIONS } from "#app/server/advice/fact-check/rules.server";
import { writeLocally } from "#app/server/advice/local-writer.server";
import { getVariant } from "#app/server/cars/catalogue.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { settleReading } from "#app/server/reading/merge-readings.server";
import { readingRows } from "#app/server/reading/reading-items.server";
import { summariseRequirements } from "#app/server/reading/summary.server";
import { readingPreview } from "#app/server/recommendations/reading-preview.server";
import { readWish as read } from "#test/advice/read-wish";

/** What the buyer said apart from what we inferred: an assumption is never shown as something the buyer said. */

const assumedKeys = (description: string) => [...assumedWishes(read(description)).keys()].sort();

describe("the parser marks each wish said or assumed", () => {
  it.each<[string, WishKey[], WishKey[]]>([
    // [wish, assumed, said]
    ["Familjebil till oss med två barn", ["safety", "space"], []],
    ["Säker familjebil", ["space"], ["safety"]],
    ["Familjebil, gott om plats och säker", [], ["safety", "space"]],
    ["Tyst bil", ["comfort"], ["quiet"]],
    ["Tyst och bekväm bil", [], ["comfort", "quiet"]],
    ["Vi kör Göteborg–Åre varje vinter", ["longTrips"], []],
    ["Bekväm på långresor", [], ["comfort", "longTrips"]],
    ["Jag pendlar till jobbet", ["comfort", "economy"], []],
    ["Något med hög sittposition, lätt att kliva i", [], ["highSeating"]],
    ["Min fru har dålig rygg och vill ha lätt att kliva i", ["highSeating"], []],
  ])("%s", (description, assumed, said) => {
    const reading = read(description);
    expect(assumedKeys(description)).toEqual(assumed);
    for (const key of [...assumed, ...said]) expect(reading.wishes[key] ?? 0).toBeGreaterThan(0);
  });

  it("keeps the weights: an assumed wish still steers the ranking", () => {
    expect(read("Familjebil till oss med två barn").wishes).toMatchObject({ safety: 0.6, space: 0.6 });
  });

  it("quotes the words each assumption was read from", () => {
    const marks = assumedWishes(read("Behöver en familjebil till hösten"));
    expect(marks.get("safety")).toBe("familjebil");
    expect(marks.get("space")).toBe("familjebil");
  });

  it("reads a result saved before wishes were marked as all said", () => {
    const { assumedWishes: _marks, ...old } = read("Familjebil");
    expect(BuyerRequirementsSchema.parse(old).assumedWishes).toEqual([]);
  });

  it("makes a wish the buyer's own once they correct it", () => {
    const corrected = settleReading(read("Familjebil till oss med två barn"), null, { corrections: { "wish.safety": 1 } });
    expect([...assumedWishes(corrected).keys()]).toEqual(["space"]);
  });
});

describe("the reading shows an assumption as ours", () => {
  const family = read("Familjebil till oss med två barn, gärna snål");

  it("summary: 'Gärna' holds only stated wishes; inferred ones sit under 'Vi antog' with the words", () => {
    const summary = summariseRequirements(family);
    expect(summary.wishes.join(" ")).not.toMatch(/säkerhet|gott om plats/u);
    expect(summary.wishes).toContain("Gärna: låg förbrukning");
    expect(summary.assumedWishes).toContain('Säkerhet och gott om plats – vi antog det för "Familjebil"');
    expect(summary.assumed).toEqual([]);
  });

  it("rows (live preview and 'Ändra tolkningen'): an inferred wish is 'vi antog', with its words", () => {
    const rows = readingRows(family);
    const safety = rows.find((row) => row.field === "wish.safety");
    expect(safety).toMatchObject({ status: "assumed", quote: "Familjebil" });
    expect(rows.find((row) => row.field === "wish.economy")?.status).toBe("said");
    const html = renderToStaticMarkup(createElement(ReadingEditor, { rows, idPrefix: "t" }));
    expect(html).toMatch(/vi antog<\/span><span[^>]*>Säkerhet<\/span>/u);
  });

  it("a corrected wish is shown as the buyer's", () => {
    const corrected = settleReading(family, null, { corrections: { "wish.safety": 1 } });
    expect(summariseRequirements(corrected).wishes.join(" ")).toMatch(/säkerhet/u);
    expect(readingRows(corrected).find((row) => row.field === "wish.safety")?.status).toBe("buyer");
  });
});

describe("a card never claims an assumed wish as the buyer's", () => {
  it("the local writer names only stated wishes as 'dina önskemål'", () => {
    const prepared = prepareAdvice({ description: "Familjebil till oss med två barn", maxPrice: 250_000, carType: "alla", sellerType: "alla" }, 10, {
      assumptions: DEFAULT_COST_ASSUMPTIONS,
    });
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const peers = pickDiverse(prepared.prepared.candidates, 10);
    for (const car of peers) {
      const texts = writeLocally(car, prepared.prepared.requirements, peers);
      const all = [texts.whyItFits, texts.deepDive, ...texts.pros, ...texts.cons].join(" ");
      expect(all).not.toMatch(/(dina|ditt) önskemål om[^.]*(säkerhet|utrymme)/u);
    }
  });
});

describe("a wish we weigh but never name leaves no empty slot in a sentence", () => {
  // Parking heater, quietness and air suspension have no sourced fact per car: weighed, never claimed.
  it("no card says 'Det vi antog att du vill ha, , …' for an assumed parking heater", () => {
    const prepared = prepareAdvice(
      { description: "pendlar 14 mil varje dag, vintertid -30 o snö, bra värme o motorvärmare", maxPrice: 150_000, carType: "alla", sellerType: "alla" },
      10,
      { assumptions: DEFAULT_COST_ASSUMPTIONS },
    );
    if (prepared.status !== "ready") throw new Error(prepared.status);
    const peers = pickDiverse(prepared.prepared.candidates, 10);
    for (const car of peers) {
      const texts = writeLocally(car, prepared.prepared.requirements, peers);
      for (const sentence of [texts.whyItFits, texts.deepDive, ...texts.pros, ...texts.cons]) expect(sentence).not.toMatch(/,\s*,|om\s+uppfyller/u);
    }
  });
});

describe("the fact checker's wishes rule", () => {
  const factsFor = (description: string) => {
    const variant = getVariant("skoda-octavia-iv-2-0-tdi");
    if (!variant) throw new Error("no variant");
    const candidate = {
      variant,
      window: { yearFrom: 2021, yearTo: 2022, priceFrom: 1, priceTo: 2, mileageTo: 500, body: variant.bodies[0]! },
      costs: { ageYears: 4 },
    } as unknown as Candidate;
    return cardFacts(candidate, read(description));
  };
  const wishes = (sentence: string, description: string) => RULE_FUNCTIONS.wishes(sentence, factsFor(description))?.rule ?? null;

  it("catches 'dina önskemål' naming a wish the buyer did not state", () => {
    expect(wishes("Octavia möter dina önskemål om säkerhet och utrymme.", "Familjebil till oss med två barn")).toBe("wishes");
    expect(wishes("Octavia möter dina önskemål om komfort och långresor.", "Vi kör Göteborg–Åre varje vinter")).toBe("wishes");
    expect(wishes("Ditt önskemål om säkerhet möter Octavia.", "Familjebil till oss med två barn")).toBe("wishes");
  });

  it("lets a stated wish be the buyer's", () => {
    expect(wishes("Octavia möter dina önskemål om säkerhet och utrymme.", "Säker familjebil med gott om plats")).toBeNull();
    expect(wishes("Octavia har fem stjärnor i Euro NCAP.", "Familjebil till oss med två barn")).toBeNull();
  });
});

describe("noted needs are shown, not dropped", () => {
  const wish = "Kombi med massage i stolarna och bra strålkastare";

  it("the live preview carries the noted needs", () => {
    const preview = readingPreview({ description: wish, maxPrice: 300_000, carType: "alla", sellerType: "alla" }, { assumptions: DEFAULT_COST_ASSUMPTIONS });
    expect(preview.noted.map((item) => item.text)).toEqual(expect.arrayContaining(["massage i stolarna", "bra strålkastare"]));
  });

  it("the editor lists them as 'noterat', apart from the rows it can change, and says they do not steer the search", () => {
    const reading = read(wish);
    const html = renderToStaticMarkup(createElement(ReadingEditor, { rows: readingRows(reading), noted: reading.noted, idPrefix: "t" }));
    expect(html).toMatch(/noterat<\/span><span[^>]*>massage i stolarna/u);
    expect(html).toMatch(/styr inte förslagen/u);
    expect(html).not.toMatch(/name="andra\.[^"]*massage/u);
  });

  it("a noted need whose words also made a wish says it is weighed in", () => {
    const reading = read("Bil för hunden");
    const dog = reading.noted.find((item) => item.text === "hund");
    expect(dog?.steers).toBe(true);
    expect(read(wish).noted.find((item) => item.text === "massage i stolarna")?.steers).toBe(false);
  });
});
