import { describe, expect, it } from "vitest";
import { BuyerRequirementsV2Schema } from "#app/lib/requirements";
import { settleReading } from "#app/server/reading/merge-readings.server";
import { correctionsFrom } from "#app/server/reading/reading-corrections.server";
import { readingRows } from "#app/server/reading/reading-items.server";
import { summariseRequirements } from "#app/server/reading/summary.server";
import { readWish } from "#test/advice/read-wish";

/** The reading as rows the buyer corrects, and the corrections read back from the posted form. */

const read = (description: string) => readWish(description, 300_000);
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("reading rows", () => {
  it("lists stated requirements under Krav and an assumed towing weight under Kontrollera, never Krav", () => {
    const rows = readingRows(read("Vi behöver sju säten och fyrhjulsdrift, dragkrok för husvagn. Ingen diesel."));
    expect(rows.find((row) => row.field === "minSeats")).toMatchObject({
      group: "krav",
      status: "said",
      text: "Minst 7 säten",
      edit: { kind: "number", value: 7 },
    });
    expect(rows.find((row) => row.field === "minTowingKg")).toMatchObject({ group: "kontrollera", status: "assumed", quote: "husvagn" });
    expect(rows.find((row) => row.id === "excludedFuels:diesel")).toMatchObject({ group: "krav", removable: true });
  });

  it("marks a field the readers disagreed on as uncertain, and the page summary keeps it out of Krav", () => {
    const req = BuyerRequirementsV2Schema.parse({
      ...read("Vi behöver sju säten"),
      reading: { model: "used", items: [{ field: "minSeats", quote: "sju säten", assumed: false, uncertain: true, source: "both" }] },
    });
    expect(readingRows(req).find((row) => row.field === "minSeats")).toMatchObject({ group: "kontrollera", status: "uncertain" });
    const summary = summariseRequirements(req);
    expect(summary.hard.join(" ")).not.toMatch(/säten/u);
    expect(summary.uncertain).toEqual(["Minst 7 säten"]);
  });
});

describe("corrections from the form", () => {
  const req = read("Vi behöver sju säten och fyrhjulsdrift. Ingen diesel, ingen el.");

  it("takes only what differs from the reading shown: a changed number, a removed flag, one value of a list", () => {
    const result = correctionsFrom(
      form([
        ["andra.minSeats", "5"],
        ["ta-bort", "awd"],
        ["ta-bort", "excludedFuels:diesel"],
      ]),
      req,
    );
    expect(result).toEqual({ status: "ok", corrections: { minSeats: 5, awd: null, drive: null, excludedFuels: ["el"] }, changed: 4 });
    expect(correctionsFrom(form([["andra.minSeats", "7"]]), req)).toEqual({ status: "ok", corrections: {}, changed: 0 });
  });

  it("answers a number out of range in Swedish, and refuses rows that are not ours", () => {
    const result = correctionsFrom(form([["andra.minSeats", "40"]]), req);
    expect(result).toMatchObject({ status: "invalid", errors: { "andra.minSeats": "Antal säten, minst: skriv ett heltal mellan 2 och 9 säten." } });
    expect(correctionsFrom(form([["ta-bort", "hacker"]]), req)).toMatchObject({ status: "invalid" });
    expect(correctionsFrom(form([["andra.awd", "ja"]]), req)).toMatchObject({ status: "invalid" });
  });

  it("the corrections are final over the reading, and an assumption the buyer changed is no longer shown as ours", () => {
    const towing = read("Dragkrok för husvagn");
    const parsed = correctionsFrom(form([["andra.minTowingKg", "1 200"]]), towing);
    if (parsed.status !== "ok") throw new Error("expected corrections");
    const settled = settleReading(towing, null, { corrections: parsed.corrections });
    expect(settled.hard.minTowingKg).toBe(1200);
    expect(settled.assumptions).toEqual([]);
    expect(readingRows(settled).find((row) => row.field === "minTowingKg")).toMatchObject({ group: "krav", status: "buyer" });
  });
});

describe("a need added, a requirement made a wish and back", () => {
  const settle = (req: ReturnType<typeof read>, entries: [string, string][]) => {
    const parsed = correctionsFrom(form(entries), req);
    if (parsed.status !== "ok") throw new Error(`expected corrections, got ${JSON.stringify(parsed)}`);
    return { corrections: parsed.corrections, settled: settleReading(req, null, { corrections: parsed.corrections }) };
  };

  it("adds the towing weight the readers missed as a requirement, marked as the buyer's", () => {
    const horses = read("Två islandshästar o en Böckmann-transport, fullastat ca 2 400 kg. Fyra personer ska få plats.");
    expect(horses.hard.minTowingKg).toBeUndefined();
    const { corrections, settled } = settle(horses, [
      ["ny.vad", "minTowingKg"],
      ["ny.varde", "2 400"],
      ["ny.typ", "krav"],
    ]);
    expect(corrections).toEqual({ minTowingKg: 2400 });
    expect(settled.hard.minTowingKg).toBe(2400);
    expect(readingRows(settled).find((row) => row.field === "minTowingKg")).toMatchObject({
      group: "krav",
      status: "buyer",
      text: "Dragvikt minst 2\u00a0400\u00a0kg",
    });
  });

  it("answers an added need it cannot use in Swedish, under the field that is wrong", () => {
    const req = read("En rymlig kombi");
    expect(
      correctionsFrom(
        form([
          ["ny.vad", "minTowingKg"],
          ["ny.varde", "2 400"],
          ["ny.typ", "onskemal"],
        ]),
        req,
      ),
    ).toMatchObject({
      status: "invalid",
      errors: { "ny.typ": "Lägsta dragvikt kan bara vara ett krav: en bil klarar det eller inte. Välj Krav, eller lägg inte till det." },
    });
    expect(
      correctionsFrom(
        form([
          ["ny.vad", "minTowingKg"],
          ["ny.varde", "mycket"],
          ["ny.typ", "krav"],
        ]),
        req,
      ),
    ).toMatchObject({
      errors: { "ny.varde": expect.stringMatching(/^Lägsta dragvikt: skriv ett heltal mellan 100 och 4\s000 kg\.$/u) },
    });
    expect(
      correctionsFrom(
        form([
          ["ny.vad", "requiredMakes"],
          ["ny.varde", "Trabbi"],
          ["ny.typ", "krav"],
        ]),
        req,
      ),
    ).toMatchObject({
      errors: { "ny.varde": "Vi känner inte till märket ”Trabbi”. Skriv ett märke som Volvo, Toyota eller Tesla." },
    });
    expect(
      correctionsFrom(
        form([
          ["ny.vad", "wish.comfort"],
          ["ny.typ", "krav"],
        ]),
        req,
      ),
    ).toMatchObject({
      errors: { "ny.typ": "Komfort kan bara vara ett önskemål. Välj Önskemål." },
    });
    expect(correctionsFrom(form([["ny.varde", "2 400"]]), req)).toMatchObject({ errors: { "ny.vad": "Välj vad du vill lägga till i listan." } });
    expect(correctionsFrom(form([["ny.vad", "hacker"]]), req)).toMatchObject({ status: "invalid", errors: {} });
  });

  it("adds a make as a wish, and a make already a requirement is no change", () => {
    const req = read("Måste vara en Volvo");
    expect(req.hard.requiredMakes).toEqual(["Volvo"]);
    expect(
      settle(req, [
        ["ny.vad", "requiredMakes"],
        ["ny.varde", "toyota"],
        ["ny.typ", "onskemal"],
      ]).corrections,
    ).toEqual({ preferredMakes: ["Toyota"] });
    expect(
      correctionsFrom(
        form([
          ["ny.vad", "requiredMakes"],
          ["ny.varde", "Volvo"],
          ["ny.typ", "krav"],
        ]),
        req,
      ),
    ).toMatchObject({ changed: 0 });
  });

  it("softens a requirement to a wish and hardens it back (gearbox, model year, four-wheel drive)", () => {
    const req = read("Måste ha automat och fyrhjulsdrift, årsmodell 2018 eller nyare.");
    expect(req.hard).toMatchObject({ gearbox: "automat", awd: true, minModelYear: 2018 });
    const soft = settle(req, [
      ["flytta", "gearbox"],
      ["flytta", "minModelYear"],
      ["flytta", "awd"],
    ]);
    expect(soft.settled.hard).toMatchObject({ awd: false });
    expect(soft.settled.hard.gearbox).toBeUndefined();
    expect(soft.settled.hard.minModelYear).toBeUndefined();
    expect(soft.settled).toMatchObject({ preferredGearbox: "automat", preferredMinModelYear: 2018, wishes: { awd: 0.6 } });
    const rows = readingRows(soft.settled);
    for (const field of ["preferredGearbox", "preferredMinModelYear", "wish.awd"]) {
      expect(rows.find((row) => row.field === field)).toMatchObject({ group: "onskemal", status: "buyer", move: "harden" });
    }
    expect(rows.find((row) => row.field === "preferredMinModelYear")?.text).toBe("Helst årsmodell 2018 eller nyare");

    const hard = settle(soft.settled, [
      ["flytta", "preferredGearbox"],
      ["flytta", "preferredMinModelYear"],
      ["flytta", "wish.awd"],
    ]);
    expect(hard.corrections).toEqual({
      preferredGearbox: null,
      gearbox: "automat",
      preferredMinModelYear: null,
      minModelYear: 2018,
      "wish.awd": null,
      awd: true,
    });
    expect(hard.settled.hard).toMatchObject({ gearbox: "automat", awd: true, minModelYear: 2018 });
  });

  it("softens an allowed-fuel list whole (one value softened would forbid the other), an excluded make one by one", () => {
    const req = read("Elbil eller laddhybrid, absolut ingen Tesla eller BMW.");
    expect(req.hard.allowedFuels).toEqual(["el", "laddhybrid"]);
    expect(req.hard.excludedMakes).toEqual(expect.arrayContaining(["Tesla", "BMW"]));
    const { corrections } = settle(req, [
      ["flytta", "allowedFuels:el"],
      ["flytta", "excludedMakes:BMW"],
    ]);
    expect(corrections).toMatchObject({ allowedFuels: null, preferredFuels: ["el", "laddhybrid"], excludedMakes: ["Tesla"], avoidedMakes: ["BMW"] });
  });

  it("offers no wish for a capability: the row says it can only be a requirement", () => {
    const rows = readingRows(read("Vi behöver sju säten"));
    expect(rows.find((row) => row.field === "minSeats")).toMatchObject({ move: "hard-only" });
    expect(correctionsFrom(form([["flytta", "minSeats"]]), read("Vi behöver sju säten"))).toMatchObject({ status: "invalid" });
  });

  it("a corrected yearly mileage loses the note of what it was worked out from", () => {
    const wish = "Jag pendlar 25 mil enkel väg till jobbet.";
    const req = read(wish);
    expect(summariseRequirements(req, wish).usage[0]).toMatch(/\(räknat från 25 mil enkel väg\)$/u);
    const { settled } = settle(req, [["andra.milPerYear", "2 000"]]);
    expect(summariseRequirements(settled, wish).usage[0]).toMatch(/^2\s000\smil per år \(ändrat av dig\)$/u);
  });
});
