import { describe, expect, it } from "vitest";
import { readWish as read, notedTexts as notes } from "#test/advice/read-wish";

/** Needs with no field shown as "Noterat" rather than dropped, pinned with wording of our own (not a corpus wish). */

describe("named models are shown as read", () => {
  it("'en begagnad Skoda Kodiaq'", () => {
    expect(notes("letar efter en begagnad skoda kodiaq")).toContain("Modell: Skoda Kodiaq");
  });

  it("one's own old model is not shown as a wish", () => {
    expect(notes("min gamla skoda kodiaq har rostat, vill ha nåt nytt").some((text) => text.startsWith("Modell:"))).toBe(false);
  });
});

describe("a refused size said as an adjective is noted", () => {
  it.each([
    ["får inte vara för stor, garaget är trångt", "Inte: stor bil"],
    ["helst inte jättestor", "Helst inte: stor bil"],
    ["trött på små bilar, vill sträcka på benen", "Helst inte: liten bil"],
  ])("%s", (wish, text) => {
    expect(notes(wish)).toContain(text);
  });

  it("a small car asked for plainly is a size, not a note", () => {
    expect(notes("vill ha en liten bil").some((text) => text.includes("liten bil"))).toBe(false);
  });
});

describe("open to the rest", () => {
  it.each(["ingen diesel, i övrigt öppen", "inga franska bilar, annars är jag öppen för det mesta"])("%s", (wish) => {
    expect(notes(wish).some((text) => text.startsWith("Inget krav:"))).toBe(true);
  });
});

describe("equipment and loads with no field", () => {
  it.each([
    ["kan inte leva utan klimatanläggning", "klimatanläggning"],
    ["vill gärna ha HUD", "Gärna: head-up display"],
    ["skidorna ska in på vintern", "plats för skidor"],
    ["buren till hunden måste få plats", "hund"],
    ["laddstolpe finns på jobbet", "laddning på jobbet"],
    ["plats för tre barn bak", "tre i bredd i baksätet"],
  ])("%s", (wish, text) => {
    expect(notes(wish)).toContain(text);
  });
});

describe("a disliked body is noted without claiming to steer", () => {
  it("'har inte råd med en stor minibuss' steers nothing, so the page does not say it was weighed", () => {
    const item = read("har inte råd med en stor minibuss").noted.find((noted) => noted.text.startsWith("Helst inte:"));
    expect(item?.steers).toBe(false);
  });
});
