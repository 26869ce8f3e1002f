import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A place the buyer was in is a visit, not where they live ("var i lappland i vintras, men vi bor i
 * halmstad"): it sets no northern climate and no winter driving. Phone Swedish writes the past "var"
 * as "va", the same as the infinitive "vara"; after a modal ("ska va") it is the infinitive. Pinned
 * with wording of our own.
 */

describe("a place one was in is a visit", () => {
  it.each([
    "var i lappland i vintras o hatade snön men vi bor i halmstad",
    "va i kiruna förra året, men bor i lund",
    "vi var uppe i luleå på jobb, själv bor jag i malmö",
  ])("no northern home and no winter from: %s", (wish) => {
    const reading = read(wish);
    expect(reading.usage.northern).toBe(false);
    expect(reading.usage.winterNeeds).toBe(false);
  });

  it.each(["det va sjukt kallt när vi hälsade på", "de va mycket snö där uppe"])("weather told in the past asks for no winter car: %s", (wish) => {
    expect(read(wish).usage.winterNeeds).toBe(false);
  });
});

describe("where one lives is still home", () => {
  it.each(["vi bor i kiruna", "bor i luleå men var i malmö förra veckan", "vi har bott i stan men nu bor vi i gällivare"])("a northern home: %s", (wish) => {
    expect(read(wish).usage.northern).toBe(true);
  });

  it.each(["den ska va bra i snö", "måste va bra på halka", "den får gärna va bra i snö"])("a winter need said with the infinitive 'va' counts: %s", (wish) => {
    expect(read(wish).usage.winterNeeds).toBe(true);
  });
});
