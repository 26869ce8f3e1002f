import { formatMil, formatNumber } from "#app/lib/format";
import type { AdviceAssumptions } from "#app/lib/saved-recommendation";

type Summary = { hard: string[]; usage: string[]; wishes: string[] };

const money = new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function assumptionText(a: AdviceAssumptions): string {
  const driving = `${formatMil(a.milPerYear)} per år (${a.milPerYearStated ? "som du skrev" : "vårt antagande, skriv din körsträcka för en exaktare kalkyl"})`;
  const driver =
    a.driverAge !== undefined ? `förare ${a.driverAge} år` : "förare 30–65 år (skriv din ålder om du är yngre än 30)";
  const area = a.area === "storstad" ? ", storstad" : a.area === "landsbygd" ? ", landsbygd" : "";
  return (
    `Kostnaderna bygger på ${driving}, bensin ${money.format(a.petrolPricePerLitre)} kr/l, diesel ${money.format(a.dieselPricePerLitre)} kr/l, ` +
    `hemmaladdning ${money.format(a.electricityPricePerKwh)} kr/kWh inklusive laddförluster och ${formatNumber(a.publicChargingShare * 100)} % snabbladdning, ` +
    `fordonsskatt enligt ${a.referenceYear} års regler och försäkring för ${driver}${area}. Alla kostnader är uppskattningar avrundade till hundratal kronor.`
  );
}

/** "Så tolkade vi dig": what we understood, what the costs assume, and why a list is short. */
export function UnderstoodRequirements({
  understood,
  assumptions,
  shortfall,
}: {
  understood: Summary | null;
  assumptions: AdviceAssumptions | null;
  shortfall: string | null;
}) {
  if (!understood && !assumptions && !shortfall) return null;
  const groups: [string, string[]][] = understood
    ? [
        ["Krav", understood.hard],
        ["Körning", understood.usage],
        ["Önskemål", understood.wishes],
      ]
    : [];
  return (
    <section aria-labelledby="understood-heading" className="rounded-xl border border-stone-200 bg-white p-4" data-testid="understood">
      <h2 id="understood-heading" className="font-semibold text-stone-950">
        Så tolkade vi dig
      </h2>
      {groups.length > 0 ? (
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {groups
            .filter(([, items]) => items.length > 0)
            .map(([label, items]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-stone-600">{label}</dt>
                <dd className="text-stone-900">{items.join(" · ")}</dd>
              </div>
            ))}
        </dl>
      ) : null}
      {shortfall ? (
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="shortfall">
          {shortfall}
        </p>
      ) : null}
      {assumptions ? <p className="mt-3 text-sm text-stone-600">{assumptionText(assumptions)}</p> : null}
    </section>
  );
}
