import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NotedList } from "#app/components/noted-list";
import { notedLines, notedViews } from "#app/server/advice/noted-lines.server";
import { readWish } from "#test/advice/read-wish";

/** "(läst som krav eller önskemål ovan)" only where a requirement or a stated wish above covers the note. */

const lines = (description: string) => notedLines(readWish(description));
const CLAIM = /läst som krav eller önskemål ovan/u;

describe("a note says it was read above only when something above covers it", () => {
  it("a stated wish or requirement that covers the note keeps the mark", () => {
    expect(lines("stor hund (schäfer), stort bagage")).toEqual(["hund (läst som krav eller önskemål ovan)"]);
  });

  it("child seats, a block heater and long goods read into nothing shown above carry no mark", () => {
    const family = lines("vi e 2 vuxna o 3 barn, yngsta i bakåtvänd bilbarnstol, behöver 7 platser ibland när mormor hänger med. bor i malmö, helst automat");
    expect(family).toContain("bakåtvänd barnstol");
    expect(family.join(" ")).not.toMatch(CLAIM);
    expect(lines("pendlar luleå-boden varje dag, ner mot -35 på vintern. vill ha 4wd o motorvärmare, ska va snål o pålitlig")).toContain("motorvärmare");
    const plumber = lines("rörmokare egen firma, behöver skåpbil som rymmer rör på 3 m o verktygshyllor, dragkrok för släp ca 1500 kg");
    expect(plumber.join(" ")).not.toMatch(CLAIM);
  });

  it("a named model, weighed and shown nowhere above, says it is weighed", () => {
    expect(lines("letar efter en begagnad skoda kodiaq")).toContain("Modell: Skoda Kodiaq (vägs in i ordningen)");
  });

  it("the reading page's list follows the same judgement", () => {
    const html = renderToStaticMarkup(
      createElement(NotedList, { items: notedViews(readWish("pendlar varje dag, ner mot -35 på vintern. vill ha 4wd o motorvärmare")) }),
    );
    expect(html).toContain("motorvärmare");
    expect(html).not.toMatch(CLAIM);
    const dog = renderToStaticMarkup(createElement(NotedList, { items: notedViews(readWish("stor hund (schäfer), stort bagage")) }));
    expect(dog).toMatch(CLAIM);
  });
});
