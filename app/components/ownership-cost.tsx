import { formatNumber, formatSek, roundTo } from "#app/lib/format";
import type { CostNotes, OwnershipCost as Cost } from "#app/lib/recommendation";

type Amount = "fuel" | "insurance" | "maintenance" | "tax";

const ITEMS: { key: Amount; label: string; color: string }[] = [
  { key: "fuel", label: "Drivmedel", color: "#17603f" },
  { key: "insurance", label: "Försäkring", color: "#f5b83d" },
  { key: "maintenance", label: "Service och däck", color: "#57534e" },
  { key: "tax", label: "Fordonsskatt", color: "#93c5a9" },
];

function itemLabel(key: Amount, label: string, notes: CostNotes | undefined): string {
  if (key === "insurance") {
    const level = notes?.insuranceLevel ? `${notes.insuranceLevel}försäkring` : null;
    const said = [level, notes?.insuredDriver ?? null, notes?.insuranceEstimate ? "uppskattning" : null].filter((part) => part !== null);
    if (said.length > 0) return `${label} (${said.join(", ")})`;
  }
  if (key === "fuel" && notes?.publicChargingPricePerKwh !== undefined) return `${label} (publik laddning)`;
  return label;
}

type ComputedBenefit = Extract<NonNullable<CostNotes["benefit"]>, { status: "computed" }>;

const percent = (rate: number) => `${formatNumber(Math.round(rate * 100))} %`;

/** Month first: a company-car driver compares the monthly figure with the salary. */
function benefitLines(benefit: ComputedBenefit): { key: string; text: string }[] {
  const price = benefit.newCarPrice
    ? `, räknat på nybilspriset ${formatSek(benefit.newCarPrice)}${benefit.trim ? ` (${benefit.trim})` : ""} i Skatteverkets lista` +
      (benefit.benefitPrice < benefit.newCarPrice ? `, för miljöbil nedsatt till ${formatSek(benefit.benefitPrice)}` : "")
    : "";
  const lines = [
    {
      key: "benefit",
      text: `Förmånsvärde som tjänstebil: ${formatSek(benefit.perMonth)}/mån (${formatSek(benefit.perYear)}/år) enligt Skatteverkets schablon med ${benefit.rulesYear} års prisbasbelopp och statslåneränta${price}. Det är inte en kostnad i tabellen ovan utan ett värde du beskattas för, och extrautrustning höjer det.`,
    },
  ];
  const net = benefit.netPerMonth ?? [];
  if (net.length > 0) {
    const parts = net.map((item) => `${formatSek(item.amount)}/mån vid ${percent(item.marginalTaxRate)} marginalskatt`);
    lines.push({ key: "benefit-net", text: `Nettokostnad, alltså skatten du betalar på förmånen: cirka ${parts.join(" och ")}.` });
  }
  if (benefit.unverified?.includes("statslaneranta")) {
    lines.push({
      key: "benefit-unverified",
      text: `Statslåneräntan för ${benefit.rulesYear} är en ej kontrollerad uppgift, så förmånsvärdet kan avvika något.`,
    });
  }
  return lines;
}

function CostNoteList({ notes }: { notes: CostNotes | undefined }) {
  if (!notes) return null;
  const lines: { key: string; text: string }[] = [];
  if (notes.insuranceEstimate) {
    lines.push({
      key: "insurance",
      text: "Försäkringen är en uppskattning: ett försäkringsbolags snittpris (Hedvig 2026) justerat för bilens klass, elbil, effekt, din ålder och var du bor. Bilar mellan 3 och 10 år räknas med helförsäkring, yngre (som har vagnskadegaranti) och äldre med halvförsäkring. Be om offert för just dig och bilen.",
    });
  }
  if (notes.publicChargingPricePerKwh !== undefined) {
    lines.push({
      key: "charging",
      text: `Du kan inte ladda hemma, så elen är räknad till publikt laddpris, cirka ${formatNumber(notes.publicChargingPricePerKwh)} kr/kWh.`,
    });
  }
  if (notes.benefit?.status === "computed") lines.push(...benefitLines(notes.benefit));
  else if (notes.benefit?.status === "unavailable") {
    lines.push({ key: "benefit", text: `Förmånsvärdet kan vi inte räkna ut: ${notes.benefit.reason}` });
  }
  if (notes.licence) lines.push({ key: "licence", text: `Körkort: ${notes.licence.text}` });
  if (lines.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 text-xs text-stone-600" data-testid="cost-notes">
      {lines.map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </ul>
  );
}

export function OwnershipCost({ cost }: { cost: Cost }) {
  const total = ITEMS.reduce((sum, item) => sum + cost[item.key], 0);
  return (
    <div>
      <div className="flex h-4 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        {ITEMS.map((item) =>
          cost[item.key] > 0 ? <div key={item.key} style={{ width: `${(cost[item.key] / Math.max(total, 1)) * 100}%`, backgroundColor: item.color }} /> : null,
        )}
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Ägandekostnad per år</caption>
        <tbody>
          {ITEMS.map((item) => (
            <tr key={item.key} className="border-b border-stone-100">
              <th scope="row" className="py-1 text-left font-normal text-stone-700">
                <span className="mr-2 inline-block size-2.5 rounded-full" style={{ backgroundColor: item.color }} aria-hidden="true" />
                {itemLabel(item.key, item.label, cost.notes)}
              </th>
              <td className="py-1 text-right tabular-nums">{formatSek(cost[item.key])}/år</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold text-stone-900">
              Totalt
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums text-stone-900" data-testid="cost-per-month">
              {/* Estimates: rounded so a sum with the exact tax does not read as falsely precise. */}
              {formatSek(roundTo(total / 12, 10))}/mån ({formatSek(roundTo(total, 100))}/år)
            </td>
          </tr>
        </tfoot>
      </table>
      <CostNoteList notes={cost.notes} />
    </div>
  );
}
