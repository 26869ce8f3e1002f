import { describe, expect, it } from "vitest";
import { BuyerRequirementsV2Schema } from "#app/lib/requirements";
import { settleReading } from "#app/server/reading/merge-readings.server";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { correctionsFrom } from "#app/server/reading/reading-corrections.server";
import { readingRows } from "#app/server/reading/reading-items.server";
import { summariseRequirements } from "#app/server/reading/summary.server";

/** The reading as rows the buyer corrects, and the corrections read back from the posted form. */

const read = (description: string) => parseRequirements({ description, maxPrice: 300_000, carType: "alla", sellerType: "alla" }, { referenceYear: 2026 });
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
