import { describe, expect, it } from "vitest";
import { notedTexts, readWish as read } from "#test/advice/read-wish";

/**
 * Scope classes read by structure, each pinned with wordings of our own: a negated degree ("inte för låg")
 * wishes the positive direction; a refused kind with an evaluative qualifier is avoided, not excluded; a must
 * runs on over a list after a comma; hesitation avoids softly.
 */

describe("a negated degree about a property wishes the positive direction", () => {
  it.each(["inte för låg insteg pga knäna", "inte alltför lågt insteg", "inte ett för lågt insteg tack"])("%s notes easy entry, never refused", (wish) => {
    const texts = notedTexts(wish);
    expect(texts).toContain("lätt att kliva i och ur");
    expect(texts.some((text) => text.startsWith("Inte"))).toBe(false);
  });

  it.each([
    ["inte för hög lastkant", "låg lastkant"],
    ["inte så dålig sikt bakåt", "bra sikt"],
    ["inte alltför taskigt ljudsystem", "bra ljudsystem"],
  ])("%s notes %s as wished", (wish, label) => {
    expect(notedTexts(wish).some((text) => text === label || text === `Gärna: ${label}`)).toBe(true);
  });

  it("a refused thing itself stays refused: 'inte för dyr' wishes a cheap car, 'ingen hund' is no dog", () => {
    expect(read("inte för dyr").wishes.cheapToBuy ?? 0).toBeGreaterThan(0);
    expect(notedTexts("ingen hund")).not.toContain("hund");
  });
});

describe("a refused kind qualified by an evaluative word is avoided softly, never excluded hard", () => {
  it.each(["inte nån dyr lyxsuv", "ingen lyxsuv tack", "vill inte ha en dyr premiumsuv", "inga gamla stora suvar"])("%s excludes no body", (wish) => {
    expect(read(wish).hard.bodyTypes).toEqual([]);
  });

  it.each([
    ["inte en gammal törstig diesel", "diesel"],
    ["ingen dyr lyxig elbil", "el"],
  ])("%s avoids the fuel softly", (wish, fuel) => {
    const reading = read(wish);
    expect(reading.hard.excludedFuels).not.toContain(fuel);
    expect(reading.avoidedFuels).toContain(fuel);
  });

  it.each([
    ["ingen gammal rostig volvo", "Volvo"],
    ["vill inte ha nån dyr tysk lyxbil", "BMW"],
  ])("%s avoids the make softly", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.excludedMakes).not.toContain(make);
    expect(reading.avoidedMakes).toContain(make);
  });

  it("an unqualified refusal stays hard: 'ingen suv', 'inte en diesel', 'ingen tysk bil'", () => {
    expect(read("ingen suv").hard.bodyTypes).not.toContain("suv");
    expect(read("ingen suv").hard.bodyTypes.length).toBeGreaterThan(0);
    expect(read("inte en diesel").hard.excludedFuels).toContain("diesel");
    expect(read("ingen tysk bil").hard.excludedMakes).toContain("BMW");
  });
});

describe("a must runs over a list after a comma until the clause ends", () => {
  it.each([
    "måste ha 4wd o bra markfrihet, dragkrok för älgkärra",
    "vi måste ha fyrhjulsdrift, dragkrok och sju säten",
    "krav: automat, dragkrok, kombi",
    "bilen måste ha automat, dragkrok",
  ])("%s requires the towbar", (wish) => {
    expect(read(wish).hard.minTowingKg).toBeGreaterThan(0);
  });

  it.each(["måste ha fyrhjulsdrift o hög markfrihet", "måste ha bra markfrigång och automat"])("%s knows ground clearance as a need", (wish) => {
    expect(read(wish).wishes.groundClearance).toBe(1);
  });

  it.each(["måste ha automat, dragkrok vore kul", "måste ha automat. dragkrok", "måste ha automat, frugan vill ha dragkrok"])(
    "%s does not carry the must past a hedge, a sentence or a new subject",
    (wish) => {
      expect(read(wish).hard.minTowingKg).toBeUndefined();
    },
  );
});

describe("hesitation avoids softly and excludes nothing", () => {
  it.each(["vet inte om elbil", "osäker på elbil", "lite skeptisk till elbilar", "tveksam till en elbil", "inte säker på elbil"])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.excludedFuels).toEqual([]);
    expect(reading.hard.allowedFuels).toEqual([]);
  });
});

describe("fear of a kind avoids it softly; a label that already refuses takes no second negation", () => {
  it.each([
    ["lite skraj för franska bilar", "Peugeot"],
    ["rädd för tyska bilar efter allt strul", "BMW"],
  ])("%s avoids the makes, requires none", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.avoidedMakes).toContain(make);
  });

  it.each(["orolig för elbilar i kyla", "nervös för elbil"])("%s avoids electric, allows nothing", (wish) => {
    const reading = read(wish);
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.avoidedFuels).toContain("el");
  });

  it.each(["inte rostig", "rädd för rost", "ingen rostig bil"])("%s notes 'ingen rost'", (wish) => {
    expect(notedTexts(wish)).toContain("ingen rost");
  });
});
