import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A hard reading needs evidence of an order (decision 022); the form of an attitude is evidence against it. Pinned with
 * wordings of our own: a vague alternative ("eller nåt"), the thing as the subject of a verb of seeming, a verb of longing.
 */

describe("an attitude leans", () => {
  it.each([
    ["suv eller nåt", "suv"],
    ["en kombi eller liknande", "kombi"],
    ["kombi känns rätt för oss", "kombi"],
    ["en suv låter vettigt", "suv"],
    ["kombi verkar smartast", "kombi"],
    ["sneglar på en kombi", "kombi"],
    ["siktar på en suv", "suv"],
  ])("%s prefers the body, requires none", (wish, body) => {
    const reading = read(wish);
    expect(reading.hard.bodyTypes).toEqual([]);
    expect(reading.preferredBodyTypes).toContain(body);
  });

  it.each([
    ["drömmer om en porsche", "Porsche"],
    ["hoppas på en volvo", "Volvo"],
  ])("%s prefers the make, requires none", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).toContain(make);
  });

  it.each([
    ["suv eller pickup", ["suv", "pickup"]],
    ["kombi, automat", ["kombi"]],
    ["måste vara kombi, känns tryggast", ["kombi"]],
  ])("an order or a bare list stays hard: %s", (wish, bodies) => {
    expect(read(wish).hard.bodyTypes).toEqual(bodies);
  });
});

describe("a negated fault is a leaning (litotes), and a thing judged good is liked", () => {
  it.each([
    ["inget fel på en kombi", "kombi"],
    ["kombi skadar inte", "kombi"],
    ["vore inte fel med en kombi", "kombi"],
    ["en suv vore inte så dumt", "suv"],
  ])("%s prefers the body, refuses and requires nothing", (wish, body) => {
    const reading = read(wish);
    expect(reading.hard.bodyTypes).toEqual([]);
    expect(reading.preferredBodyTypes).toContain(body);
  });

  it.each(["fyrhjulsdrift är bra att ha", "fyrhjulsdrift beror på var vi flyttar", "vore inte dumt med fyrhjulsdrift"])(
    "%s wishes four-wheel drive softly",
    (wish) => {
      const reading = read(wish);
      expect(reading.hard.awd).toBe(false);
      expect(reading.wishes.awd ?? 0).toBeGreaterThan(0);
    },
  );

  it.each([
    ["ingen diesel", "diesel"],
    ["inte diesel, det är dumt", "diesel"],
  ])("a plain refusal stays one: %s", (wish, fuel) => {
    expect(read(wish).hard.excludedFuels).toContain(fuel);
  });
});

describe("a refusal refused allows the thing; a possibility or an alternative leans", () => {
  it.each([
    ["utesluter inte diesel", "diesel"],
    ["stänger inte dörren för diesel", "diesel"],
    ["diesel är inte bannlyst hos oss", "diesel"],
    ["en diesel är inte helt borta", "diesel"],
  ])("%s neither excludes nor requires the fuel", (wish, fuel) => {
    const hard = read(wish).hard;
    expect(hard.excludedFuels).not.toContain(fuel);
    expect(hard.allowedFuels).toEqual([]);
  });

  it.each(["en kia är inte otänkbar", "kia är ett alternativ", "skulle kunna tänka mig en kia"])("%s requires no make", (wish) => {
    expect(read(wish).hard.requiredMakes).toEqual([]);
  });

  it("the allowance stays with its thing: 'diesel är inte uteslutet även om vi helst kör bensin' still prefers petrol", () => {
    expect(read("diesel är inte uteslutet även om vi helst kör bensin").preferredFuels).toContain("bensin");
  });
});
