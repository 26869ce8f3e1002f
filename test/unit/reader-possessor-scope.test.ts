import { describe, expect, it } from "vitest";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * Whose car, place or climate it is, by form: a genitive of a person, kin, a job or an employer, a possessive ("sin"), a person
 * as the subject of having, and a person before a place. What they govern is context, never the buyer's requirement, and
 * another person's car is not shown as the buyer's own. Wordings of our own.
 */
describe("another person's, the job's or the employer's car names no requirement", () => {
  it.each([
    ["min svärmors Yaris e skön men vi behöver en kombi", "Toyota"],
    ["kusinens Tiguan har vi lånat, vill ha en sedan", "Volkswagen"],
    ["på jobbet kör vi kommunens små renaulter, privat vill jag ha en kombi", "Renault"],
    ["grannens nya tesla e snygg men inget för oss", "Tesla"],
    ["min pappa kör bolagets volvo v60", "Volvo"],
    ["brorsan svär över sin bmw, vill ha en kombi", "BMW"],
  ] as const)("%s", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).not.toContain(make);
    expect(reading.preferredMakes).not.toContain(make);
  });

  it.each([
    ["min systers Outback e bra men vi vill ha en sedan", "Subaru"],
    ["morbror har en volvo, vill själv ha en kia", "Volvo"],
  ] as const)("%s: shown as someone else's, not the buyer's own", (wish, make) => {
    const texts = notedTexts(wish);
    expect(texts.some((text) => text.startsWith("Någon annans bil") && text.includes(make))).toBe(true);
    expect(texts.some((text) => text.startsWith("Din nuvarande") && text.includes(make))).toBe(false);
  });

  it("the buyer's own old car is still the buyer's", () => {
    expect(notedTexts("min gamla volvo rasade, vill ha en toyota").some((text) => text.startsWith("Din nuvarande"))).toBe(true);
  });
});

describe("another person's place, or one flown to, brings no climate", () => {
  it.each([
    "syrran i luleå tycker vi ska ha fyrhjulsdrift",
    "svärföräldrarna uppe i jokkmokk hälsar vi på ibland",
    "pendlar inte, jobbar i gällivare varannan vecka men tar flyget dit",
  ])("%s", (wish) => {
    expect(read(wish).usage.northern).toBe(false);
  });

  it.each(["bor i luleå och flyger till spanien varje vinter", "jobbar i kiruna och kör dit varje dag"])(
    "a place lived in or driven to still counts: %s",
    (wish) => {
      expect(read(wish).usage.northern).toBe(true);
    },
  );
});
