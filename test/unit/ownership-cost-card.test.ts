import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OwnershipCost } from "#app/components/ownership-cost";
import type { OwnershipCost as Cost } from "#app/lib/recommendation";

const amounts = { insurance: 7000, tax: 360, fuel: 13_500, maintenance: 5000 };
const render = (cost: Cost) => renderToStaticMarkup(createElement(OwnershipCost, { cost })).replace(/\s/gu, " ");

describe("the cost card", () => {
  it("renders a result saved before cost notes existed, with no notes and no estimate label", () => {
    const html = render(amounts);
    expect(html).toContain("Försäkring</th>");
    expect(html).not.toContain("cost-notes");
  });

  it("labels an estimated insurance, public charging, a förmånsvärde it cannot compute and the licence note", () => {
    const html = render({
      ...amounts,
      notes: {
        insuranceEstimate: true,
        publicChargingPricePerKwh: 5,
        benefit: { status: "unavailable", reason: "Vi har inget källbelagt nybilspris." },
        licence: { trailerTotalKg: 2000, atLeast: "B96", text: "Med ett släp på 2 000 kg räcker inte B-körkort." },
      },
    });
    expect(html).toContain("Försäkring (uppskattning)");
    expect(html).toContain("Drivmedel (publik laddning)");
    expect(html).toContain("cirka 5 kr/kWh");
    expect(html).toContain("Förmånsvärdet kan vi inte räkna ut: Vi har inget källbelagt nybilspris.");
    expect(html).toContain("Körkort: Med ett släp på 2 000 kg räcker inte B-körkort.");
  });

  it("says the insurance level beside the figure, so two like cars a level apart do not read as 70 % apart for no reason", () => {
    const old = render({ ...amounts, insurance: 4100, notes: { insuranceEstimate: true, insuranceLevel: "halv" } });
    const young = render({ ...amounts, notes: { insuranceEstimate: true, insuranceLevel: "hel" } });
    expect(old).toContain("Försäkring (halvförsäkring, uppskattning)");
    expect(young).toContain("Försäkring (helförsäkring, uppskattning)");
    expect(young).toContain("Bilar mellan 3 och 10 år räknas med helförsäkring");
  });

  it("shows a computed förmånsvärde per month first, the new-car price it rests on, the net cost and an unverified rate", () => {
    const html = render({
      ...amounts,
      notes: {
        benefit: {
          status: "computed",
          perYear: 63_691,
          perMonth: 5308,
          rulesYear: 2026,
          benefitPrice: 292_450,
          newCarPrice: 584_900,
          trim: "EX40 Core SE",
          netPerMonth: [
            { marginalTaxRate: 0.32, amount: 1699 },
            { marginalTaxRate: 0.52, amount: 2760 },
          ],
          unverified: ["statslaneranta"],
        },
      },
    });
    expect(html).toContain("Förmånsvärde som tjänstebil: 5 308 kr/mån (63 691 kr/år)");
    expect(html).toContain("2026 års prisbasbelopp");
    expect(html).toContain("nybilspriset 584 900 kr (EX40 Core SE) i Skatteverkets lista, för miljöbil nedsatt till 292 450 kr");
    expect(html).toContain(
      "Nettokostnad, alltså skatten du betalar på förmånen: cirka 1 699 kr/mån vid 32 % marginalskatt och 2 760 kr/mån vid 52 % marginalskatt.",
    );
    expect(html).toContain("Statslåneräntan för 2026 är en ej kontrollerad uppgift");
  });

  it("still renders a förmånsvärde saved before the price and net cost were stored", () => {
    const html = render({ ...amounts, notes: { benefit: { status: "computed", perYear: 60_000, perMonth: 5000, rulesYear: 2025, benefitPrice: 300_000 } } });
    expect(html).toContain("Förmånsvärde som tjänstebil: 5 000 kr/mån (60 000 kr/år)");
    expect(html).not.toContain("Nettokostnad");
  });
});
