import { describe, expect, it } from "vitest";
import { readWish } from "#test/advice/read-wish";

/** The buyer's own, past or failed car, in wording of our own: context, never a make, model or year to look for. */

const read = (description: string) => readWish(description, 150_000);

describe("the car that failed the buyer", () => {
  it.each([
    ["Vår Hyundai Tucson rasade i våras, Hyundai lovade inget. Nu behöver vi en SUV med automat", "Hyundai"],
    ["Köpte en Kia Ceed 2015, trodde Kia höll. Sen dog motorn. Söker kombi", "Kia"],
    ["hade en nissan (qashqai -12) som rostade igenom. behöver nåt pålitligt", "Nissan"],
    ["Jag har en Renault Megane från 2014 där kamremmen gick. Kombi ska det vara", "Renault"],
  ])("is no make asked for or leaned to: %s", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).not.toContain(make);
    expect(reading.preferredMakes).not.toContain(make);
  });

  it.each([
    ["Min Qashqai från 2013 läcker olja. Vill ha en SUV", "Nissan|Qashqai"],
    ["Vår Octavia -11 lade av på E4:an, nu ska vi ha kombi", "Skoda|Octavia"],
  ])("is no model to boost, and its year no lowest model year: %s", (wish, key) => {
    const reading = read(wish);
    expect(reading.namedModels).not.toContain(key);
    expect(reading.hard.minModelYear).toBeUndefined();
    expect(reading.noted.some((item) => item.text.startsWith("Din nuvarande eller tidigare bil"))).toBe(true);
  });

  it("a make the buyer wants in another sentence still counts", () => {
    const reading = read("Min gamla Kia Rio rostade sönder. Gärna en Kia igen, gärna automat");
    expect(reading.preferredMakes).toContain("Kia");
  });

  it("a refused dual-clutch box is noted as one to avoid", () => {
    const reading = read("Fick byta koppling två gånger på min förra. Aldrig mer DSG, men automat vill jag ha");
    expect(reading.noted.map((item) => item.text)).toContain("Undvik dubbelkopplingslåda (DSG)");
  });
});
