import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnderstoodRequirements } from "#app/components/understood-requirements";
import { BuyerRequirementsSchema } from "#app/lib/requirements";
import { summariseRequirements } from "#app/server/reading/summary.server";
import { readWish as read } from "#test/advice/read-wish";

/** Needs the reading has no field for are noted with their words, shown as "Noterat", and never enforced. */

describe("the reader's noted list", () => {
  it.each([
    ["Kombi med massage i stolarna och bra strålkastare", ["massage i stolarna", "bra strålkastare"]],
    ["kör aldrig en bil utan backkamera igen", ["backkamera"]],
    ["3 barnstolar bredvid varandra i baksätet varav ett babyskydd", ["barnstolar bredvid varandra bak"]],
    ["kör bolt på helgerna, vill ha nåt snålt", ["taxi eller samåkning (Bolt, Uber)"]],
    ["det måste vara lätt att kliva i och ur", ["lätt att kliva i och ur"]],
  ])("%s", (description, labels) => {
    const reading = read(description);
    for (const label of labels) expect(reading.noted.map((item) => item.text)).toContainEqual(expect.stringContaining(label));
    for (const item of reading.noted) expect(description).toContain(item.quote);
  });

  it("reads a result saved before the noted list existed", () => {
    const { noted, ...old } = read("kombi");
    expect(noted).toBeDefined();
    expect(BuyerRequirementsSchema.parse(old).noted).toEqual([]);
  });

  it("shows noted items under 'Noterat' in 'Så tolkade vi dig', not under 'Krav'", () => {
    const html = renderToStaticMarkup(
      createElement(UnderstoodRequirements, { understood: summariseRequirements(read("Kombi, gärna stolsvärme")), assumptions: null, shortfall: null }),
    );
    expect(html).toMatch(/<dt[^>]*>Noterat<\/dt><dd[^>]*>.*Gärna: stolsvärme/u);
  });
});
