import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDecimal, formatMil, formatNumber } from "#app/lib/format";
import { insuredDriverText } from "#app/lib/insured-driver";
import { mileageSource } from "#app/lib/mileage-source";
import { NOTED_WEIGHED_MARK } from "#app/lib/requirements";
import type { AdviceAssumptions } from "#app/lib/saved-recommendation";

/** `assumed` and `uncertain` are absent in views built before readings were marked. */
type Summary = { hard: string[]; usage: string[]; wishes: string[]; assumed?: string[]; assumedWishes?: string[]; uncertain?: string[]; noted?: string[] };

const money = (value: number) => formatDecimal(value, { minFraction: 2, maxFraction: 2 });

function assumptionText(a: AdviceAssumptions, description: string | undefined, mileageByBuyer: boolean): string {
  const source = mileageByBuyer
    ? "ändrat av dig"
    : a.milPerYearStated
      ? description === undefined
        ? "som du skrev"
        : mileageSource(description, true)
      : "vårt antagande, skriv din körsträcka för en exaktare kalkyl";
  const driving = `${formatMil(a.milPerYear)} per år (${source})`;
  const insured = insuredDriverText(a);
  const driver =
    a.driverAge !== undefined
      ? insured
      : a.newDriver
        ? `${insured} (skriv din ålder för en exaktare kalkyl)`
        : `${insured} (skriv din ålder om du är yngre än 30)`;
  const area = a.area === "storstad" ? ", storstad" : a.area === "landsbygd" ? ", landsbygd" : "";
  return (
    `Kostnaderna bygger på ${driving}, bensin ${money(a.petrolPricePerLitre)} kr/l, diesel ${money(a.dieselPricePerLitre)} kr/l, ` +
    `hemmaladdning ${money(a.electricityPricePerKwh)} kr/kWh inklusive laddförluster och ${formatNumber(a.publicChargingShare * 100)} % snabbladdning, ` +
    `fordonsskatt enligt ${a.referenceYear} års regler och försäkring för ${driver}${area}. Alla kostnader är uppskattningar avrundade till hundratal kronor.`
  );
}

export function UnderstoodRequirements({
  understood,
  assumptions,
  shortfall,
  editHref,
  description,
  mileageByBuyer = false,
  children,
}: {
  understood: Summary | null;
  assumptions: AdviceAssumptions | null;
  shortfall: string | null;
  /** Absent where the reading cannot be changed. */
  editHref?: string;
  description?: string;
  /** The yearly mileage was corrected by the buyer: it was not worked out from the description. */
  mileageByBuyer?: boolean;
  children?: ReactNode;
}) {
  if (!understood && !assumptions && !shortfall && !children) return null;
  const groups: [string, string[]][] = understood
    ? (
        [
          ["Krav", understood.hard],
          ["Körning", understood.usage],
          ["Önskemål", understood.wishes],
          ["Osäkert", understood.uncertain ?? []],
          ["Vi antog", [...(understood.assumed ?? []), ...(understood.assumedWishes ?? [])]],
          // Read but with no place in the search: the buyer sees it was not dropped.
          ["Noterat", understood.noted ?? []],
        ] as [string, string[]][]
      ).filter(([, items]) => items.length > 0)
    : [];
  return (
    <section
      id="tolkning"
      aria-labelledby="understood-heading"
      className="scroll-mt-18 rounded-xl border border-stone-200 bg-white p-3 sm:p-4"
      data-testid="understood"
    >
      <h2 id="understood-heading" className="text-sm font-semibold text-stone-950">
        Så tolkade vi dig
      </h2>
      {groups.length > 0 ? (
        <dl className="mt-1.5 grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1 text-sm">
          {groups.map(([label, items]) => (
            <div key={label} className="contents">
              <dt className="text-xs font-medium text-stone-600">{label}</dt>
              <dd className="flex flex-wrap gap-1">
                {items.map((item) =>
                  label === "Vi antog" || label === "Osäkert" ? (
                    // Our assumption or a reading we are unsure of, not the buyer's words: set apart from the requirements.
                    <span
                      key={item}
                      className="rounded-md bg-amber-50 px-2 py-0.5 text-amber-950 ring-1 ring-amber-300"
                      data-testid={label === "Vi antog" ? "assumed" : "uncertain"}
                    >
                      {label === "Osäkert" ? <span className="font-semibold">osäker: </span> : null}
                      {item}
                      {editHref ? (
                        <>
                          {" – "}
                          <Link to={editHref} className="font-semibold underline">
                            ändra
                          </Link>
                        </>
                      ) : null}
                    </span>
                  ) : label === "Noterat" ? (
                    <span key={item} className="rounded-md border border-dashed border-stone-400 px-2 py-0.5 text-stone-800" data-testid="noted">
                      {item}
                    </span>
                  ) : (
                    <span key={item} className="rounded-full bg-brand-50 px-2 py-0.5 text-stone-900 ring-1 ring-brand-200">
                      {item}
                    </span>
                  ),
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {(understood?.noted ?? []).length > 0 ? (
        <p className="mt-1.5 text-xs text-stone-600">
          {(understood?.noted ?? []).some((item) => item.endsWith(NOTED_WEIGHED_MARK))
            ? `Noterat är sådant vi förstod men inte kan söka på. Det som är märkt ”vägs in i ordningen” påverkar ordningen på förslagen; resten styr dem inte, så kontrollera det i annonsen.`
            : "Noterat är sådant vi förstod men inte kan söka på. Det styr inte förslagen, så kontrollera det i annonsen."}
        </p>
      ) : null}
      {editHref && groups.length > 0 ? (
        <p className="mt-1.5 text-sm">
          <Link to={editHref} className="font-semibold text-brand-800 underline" data-testid="edit-reading">
            Ändra tolkningen
          </Link>
        </p>
      ) : null}
      {shortfall ? (
        <p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="shortfall">
          {shortfall}
        </p>
      ) : null}
      {assumptions || children ? (
        <details className="group mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-800 underline">Så räknade vi</summary>
          <div className="mt-2 space-y-2 text-stone-700">
            {children}
            {assumptions ? <p>{assumptionText(assumptions, description, mileageByBuyer)}</p> : null}
          </div>
        </details>
      ) : null}
    </section>
  );
}
