import { describe, expect, it } from "vitest";
import { readWish as read, notedTexts as notes } from "#test/advice/read-wish";

/**
 * Fallbacks, money that rules a thing out, seats across the rear and ride-hailing work, pinned with
 * wording of our own (not a corpus wish).
 */

describe("a fallback after a thing makes that thing a leaning", () => {
  it.each([
    "behöver fyrhjulsdrift eller åtminstone något som tar sig fram i snö",
    "vill ha 4x4 eller iaf en bil som klarar grusvägen",
    "need awd or at least something that handles ice",
  ])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.awd).toBe(false);
    expect(reading.wishes.awd ?? 0).toBeGreaterThan(0);
  });

  it("'automat eller i alla fall nåt lätt att köra' prefers the automatic", () => {
    const reading = read("behöver automat eller i alla fall nåt lätt att köra");
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBe("automat");
  });
});

describe("what the buyer cannot afford is not refused outright", () => {
  it.each(["har inte råd med en stor familjebuss", "vi har inte råd me nån 8-sitsig minibuss", "can't afford a big suv"])("no body filter: %s", (wish) => {
    expect(read(wish).hard.bodyTypes).toEqual([]);
  });

  it("a make out of reach is avoided, not excluded", () => {
    const reading = read("har inte råd med porsche, nåt enklare räcker");
    expect(reading.hard.excludedMakes).toEqual([]);
    expect(reading.avoidedMakes).toContain("Porsche");
  });
});

describe("child seats across the rear are counted", () => {
  it.each([
    ["måste få plats med fyra barnstolar bredvid varandra i baksätet", 4],
    ["tre bilstolar i bredd bak, två vuxna fram", 3],
    ["två babyskydd och en bältesstol ska sitta bredvid varann", 3],
    ["ungarna är tre och alla tre ska sitta bredvid varandra bak", 3],
    ["två barnstolar bredvid varandra räcker", 2],
  ])("%s", (wish, count) => {
    expect(read(wish).situation.childSeatsAcross).toBe(count);
  });

  it("children without seats side by side set no count", () => {
    expect(read("vi har tre barn och en hund").situation.childSeatsAcross).toBeUndefined();
  });
});

describe("ride-hailing work", () => {
  it.each(["kör uber på kvällarna i malmö", "jobbar med bolt på heltid", "bolt-förare sedan i våras, behöver ny bil"])("%s is taxi work", (wish) => {
    expect(read(wish).situation.taxi).toBe(true);
  });

  it("a refused ride-hailing job is no taxi", () => {
    expect(read("bilen ska inte användas till uber eller taxi").situation.taxi).toBeUndefined();
  });
});

describe("a bare waiver hedges the clause before it and is no note of its own", () => {
  it("'automat vore fint men inget krav'", () => {
    const reading = read("vill ha en rymlig kombi, automat vore fint men inget krav");
    expect(notes("vill ha en rymlig kombi, automat vore fint men inget krav").some((text) => text.startsWith("Inget krav: inget krav"))).toBe(false);
    expect(reading.preferredGearbox).toBe("automat");
  });
});

describe("a make that is also a word, written in lowercase", () => {
  it("after 'förutom' it is excepted from its refused group", () => {
    expect(read("inga bilar från stellantis, förutom möjligen en jeep").hard.excludedMakes).not.toContain("Jeep");
  });

  it("in a list of makes after a refusal it is refused with them", () => {
    const reading = read("varken seat, skoda eller vw, det får bli nåt annat");
    expect(reading.hard.excludedMakes).toContain("Seat");
    expect(reading.hard.requiredMakes).toEqual([]);
  });

  it("a plain word stays a word", () => {
    expect(read("vill ha en bekväm seat för ryggen och isofix").hard.requiredMakes).toEqual([]);
  });
});

describe("a habit with one's own cars is no requirement", () => {
  it.each(["jag har kört manuellt i trettio år", "vi har haft dieslar hela tiden"])("%s", (wish) => {
    const reading = read(wish);
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.hard.allowedFuels).toEqual([]);
  });

  it("'automat vore bra men har kört manuellt länge så det går också' leans automatic", () => {
    const reading = read("en automat vore bra men jag har kört manuellt länge så det går också");
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBe("automat");
  });
});

describe("a leaning against a gearbox said as a must is asked back", () => {
  it("'manuell måste det vara, men en automat vore skönare'", () => {
    expect(read("manuell måste det vara, men en automat vore faktiskt skönare i kön").conflicts.map((conflict) => conflict.code)).toContain("gearbox-both");
  });

  it("a must and its refused opposite agree", () => {
    expect(read("måste ha automat, helst inte manuell").conflicts).toEqual([]);
  });
});

describe("charging at home, said every way", () => {
  it.each(["kan ladda på jobbet men int hemma", "nån laddning hemma går inte att ordna"])("no home charging: %s", (wish) => {
    expect(read(wish).situation.homeCharging).toBe(false);
  });

  it.each(["vi bor i radhus så vi kan ladda", "home charging finns", "laddning hemma är inga problem"])("home charging: %s", (wish) => {
    expect(read(wish).situation.homeCharging).toBe(true);
  });
});

describe("engine and child-seat needs with no field are noted", () => {
  it.each([
    ["helst inte turbo, vill ha nåt enkelt", "Helst inte: turbo"],
    ["inget med kamkedjestrul tack", "Inte: kamrem / kamkedja"],
    ["två barnstolar, en bakåtvänd", "bakåtvänd barnstol"],
  ])("%s", (wish, text) => {
    expect(notes(wish)).toContain(text);
  });
});
